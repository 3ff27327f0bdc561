package org.locksim.sched;

import org.locksim.machine.CacheLine;

/**
 * Spin waits ended by a read that has not yet taken its words. A spinner's read of a line
 * another CPU owns takes the line, and its words, only when its request reaches the owner,
 * half-way through the transfer ({@link org.locksim.machine.Coherence}: an owner keeps its line
 * until then, and what it writes meanwhile the read brings). So a wait that the read's words
 * end is ended at once (the step after it is scheduled for when the data is back, at no extra
 * event), but remembered here until then: if the owner writes the line first and its words no
 * longer end the wait (a releaser that takes the lock back before the waiters' re-reads get
 * there), the step is void and the wait goes on as it was ({@link SpinWaits}).
 */
final class RevocableEnds {
  /** Per CPU: the line of the read that ended its wait, or null; the token after the end. */
  private final CacheLine[] line;
  private final long[] token;
  /** Per CPU: when the read takes its words. */
  private final long[] reach;
  /** Per CPU: the wait as it was, to go on with: its routine, owner, need_resched watch, pause. */
  private final Routine[] routine;
  private final Task[] owner;
  private final boolean[] resched;
  private final boolean[] noPause;

  RevocableEnds(int cpus) {
    line = new CacheLine[cpus];
    token = new long[cpus];
    reach = new long[cpus];
    routine = new Routine[cpus];
    owner = new Task[cpus];
    resched = new boolean[cpus];
    noPause = new boolean[cpus];
  }

  /** Remembers {@code cpu}'s wait, ended with token {@code ended} by a read of {@code l}. */
  void keep(int cpu, long ended, CacheLine l, long at, Routine r, Task o, boolean watchResched,
      boolean prompt) {
    line[cpu] = l;
    token[cpu] = ended;
    reach[cpu] = at;
    routine[cpu] = r;
    owner[cpu] = o;
    resched[cpu] = watchResched;
    noPause[cpu] = prompt;
  }

  /** Whether {@code cpu}'s wait ended with token {@code tok} can still go on. */
  boolean holds(int cpu, long tok) {
    return line[cpu] != null && token[cpu] == tok;
  }

  /** Forgets {@code cpu}'s ended wait: it goes on. */
  void drop(int cpu) {
    line[cpu] = null;
    owner[cpu] = null;
    routine[cpu] = null;
  }

  CacheLine line(int cpu) {
    return line[cpu];
  }

  long reach(int cpu) {
    return reach[cpu];
  }

  Routine routine(int cpu) {
    return routine[cpu];
  }

  Task owner(int cpu) {
    return owner[cpu];
  }

  boolean resched(int cpu) {
    return resched[cpu];
  }

  boolean noPause(int cpu) {
    return noPause[cpu];
  }
}
