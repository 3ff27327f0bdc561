package org.locksim.sched;

import org.locksim.cpu.Instr;
import org.locksim.machine.CacheLine;
import org.locksim.machine.Coherence;

/**
 * Event-driven spin waits, one per CPU. A spinner waits, costing no events, until its first
 * wake condition is reported: the watched line is written (for {@code spinWhile}: its word
 * changes; a write that leaves it as it was costs a re-read of the line and no event), the
 * owner task leaves its CPU, its CPU's need_resched is set, or a timeout passes. It then
 * notices when the pause it is in ends ({@link LoopPhases}; a timeout, a whole pause later),
 * and the kernel runs its next step.
 *
 * <p>A wait on words of a line ends with the read that saw them change: the loop's next pass
 * after the write, when the pause under way ends, re-reads the line, and the step after the wait runs when
 * that read is back, with the words it read ({@link #seen}). So the code after a spin does
 * not read the line again, as {@code while (lock->owner == owner) cpu_relax();} does not.
 */
final class SpinWaits {
  private final Kernel k;
  private final CacheLine[] line;
  private final int[] word;
  private final long[] value;
  /** Per CPU: wake when the word equals {@code value} (rather than when it differs). */
  private final boolean[] until;
  /** Per CPU: a second word of the line whose change from {@code value2} also ends the wait,
   * or -1. */
  private final int[] word2;
  private final long[] value2;
  /** Per CPU: the words of the line as the read that ended its last word wait saw them. */
  private final long[][] seen;
  /** The task whose leaving its CPU ends each CPU's wait, or null. */
  private final Task[] owner;
  private final long[] watchResched;
  /** Per CPU: the wait's loop has no pause; it goes on when the write is visible. */
  private final boolean[] prompt;
  private final int hTimeout;
  /** Per CPU: the bits of the watched word its wait compares (all, unless a masked wait). */
  private final long[] mask;
  /**
   * Per CPU: the line of the spinner's last re-read, when it was issued and when its data came
   * back. A write visible by that issue is seen by that re-read: stores to one line that become
   * visible together (a store buffer commits them back to back once the line is owned) cost
   * the spinner one re-read, not one each.
   */
  private final CacheLine[] rereadLine;
  private final long[] rereadIssue;
  private final long[] rereadBack;
  /** Per CPU: when its last re-read takes its words ({@link org.locksim.machine.Rereads#reach}). */
  private final long[] rereadReach;
  /** Per CPU: when its wait times out, or -1. */
  private final long[] timeoutAt;
  /** Per CPU: a wait ended by a read still on its way ({@link RevocableEnds}). */
  private final RevocableEnds revocable;
  private LoopPhases phases;

  SpinWaits(Kernel k, int cpus) {
    this.k = k;
    phases = new LoopPhases(cpus, 0);
    line = new CacheLine[cpus];
    word = new int[cpus];
    value = new long[cpus];
    until = new boolean[cpus];
    word2 = new int[cpus];
    value2 = new long[cpus];
    seen = new long[cpus][];
    owner = new Task[cpus];
    watchResched = new long[cpus];
    prompt = new boolean[cpus];
    java.util.Arrays.fill(watchResched, -1);
    mask = new long[cpus];
    java.util.Arrays.fill(mask, -1L);
    rereadLine = new CacheLine[cpus];
    rereadIssue = new long[cpus];
    rereadBack = new long[cpus];
    rereadReach = new long[cpus];
    timeoutAt = new long[cpus];
    revocable = new RevocableEnds(cpus);
    hTimeout = k.sim.register((cpu, tok) -> wakeAt(cpu, tok, WaitReason.TIMEOUT, k.sim.now()));
  }

  /** Draws the spinners' loop phases from the run's {@code seed}. */
  void seed(long seed) {
    phases = new LoopPhases(line.length, seed);
  }

  /** Forgets {@code cpu}'s wait conditions (its token is being bumped). */
  void clear(int cpu) {
    watchResched[cpu] = -1;
    owner[cpu] = null;
    prompt[cpu] = false;
  }

  /**
   * Starts the wait {@code r} of {@code cpu}'s task {@code t} at {@code at}, ending anyway
   * after {@code timeoutPs} (0: never).
   *
   * @return when the task goes on, if the wait ends at once (the caller runs its next step
   *     then), else -1: the wait is pending
   */
  long begin(int cpu, Task t, long at, SpinRequest r, long timeoutPs) {
    mask[cpu] = r.mask;
    CacheLine l = r.line;
    int w = r.word;
    long v = r.value;
    boolean u = r.until;
    int w2 = r.word2;
    long v2 = r.value2;
    Task o = r.owner;
    // A user-space spinner is preempted like any user code: it stops when need_resched is set.
    boolean resched = r.resched || t.userSpaceOutsideKernel();
    boolean noPause = r.prompt;
    long tok = k.loop.bump(cpu);
    line[cpu] = null;
    prompt[cpu] = noPause;
    timeoutAt[cpu] = timeoutPs > 0 ? at + timeoutPs : -1;
    // The step's private costs run first; the spin starts when they are done. A user-space
    // loop's spinning is user time.
    k.counters.account(cpu, t.runsUser(t.top()) ? CpuMode.USER : CpuMode.SPINNING,
        t.callers(), t.top().function(), t.id, at);
    t.pendingWait = t.top();
    if (resched && k.sched.needResched(cpu)) {
      return endAt(cpu, tok, WaitReason.NEED_RESCHED, at, false);
    }
    if (o != null && !k.onCpu(o)) {
      return endAt(cpu, tok, WaitReason.OWNER_OFF_CPU, at, false);
    }
    if (l == null && o == null && !r.resched && timeoutPs > 0) {
      // A pause loop with nothing to watch ends at its timeout: known now, so it costs no
      // event of its own (the step after it runs then, as if the timeout had fired).
      return endAt(cpu, tok, WaitReason.TIMEOUT, at + timeoutPs, false);
    }
    if (l != null) {
      // The words as the first pass's read sees them (from under a buffered store, as they were).
      Coherence c = k.coherence;
      boolean changed = w >= 0 && (((c.wordIfRead(cpu, l, w, at) & mask[cpu]) == v) == u
          || (w2 >= 0 && c.wordIfRead(cpu, l, w2, at) != v2));
      if (changed) {
        // The first pass sees the words changed: its read ends the wait (unless the owner that
        // answers it writes them back before the request gets there: RevocableEnds).
        long back = k.coherence.read(cpu, l, at, k.machine.cpu(cpu).ps(Instr.LOAD));
        watchWords(cpu, l, r);
        owner[cpu] = o;
        if (resched) {
          watchResched[cpu] = tok;
        }
        return endRevocably(cpu, tok, l, back, k.coherence.readReach(cpu, l));
      }
      if (w < 0 && !l.holds(cpu)) {
        return endAt(cpu, tok, WaitReason.LINE_WRITTEN, at, false);
      }
      watchWords(cpu, l, r);
      if (!l.holds(cpu)) {
        // The word still holds the value, but the copy is gone: read it again.
        k.coherence.read(cpu, l, at, k.machine.cpu(cpu).ps(Instr.LOAD));
      }
      k.coherence.watch(cpu, l, tok);
    }
    owner[cpu] = o;
    if (resched) {
      watchResched[cpu] = tok;
    }
    if (timeoutPs > 0) {
      k.sim.schedule(at + timeoutPs, hTimeout, cpu, tok);
    }
    long seenBefore = l == null ? -1 : k.coherence.windowSeenBy(cpu, l);
    if (seenBefore >= 0) {
      // Its read saw the words from under a buffered store, whose watchers were told before
      // it watched: it looks again when the store is seen.
      lineWritten(cpu, tok, seenBefore);
    }
    return -1;
  }

  /**
   * Ends the wait of {@code cpu} registered with {@code tok}, if it is still pending: the first
   * wake condition to be reported wins, and the spinner notices it when the pass of its loop
   * under way at {@code at} ends (a timeout: one whole pause later).
   */
  private void wakeAt(int cpu, long tok, WaitReason why, long at) {
    long go = endAt(cpu, tok, why, at, why != WaitReason.TIMEOUT);
    if (go >= 0) {
      k.loop.scheduleStep(cpu, go);
    }
  }

  /**
   * Ends the wait as {@link #wakeAt} does; returns when the task goes on, or -1 if the wait
   * was no longer pending. {@code midPass}: the condition arrived at a point of a pass that
   * {@link LoopPhases} draws; otherwise (a timeout, or a condition the wait's first check
   * finds) a whole pause passes.
   */
  private long endAt(int cpu, long tok, WaitReason why, long at, boolean midPass) {
    boolean noPause = prompt[cpu];
    if (!end(cpu, tok, why)) {
      return -1;
    }
    if (noPause) {
      return Math.max(at, k.sim.now());
    }
    k.counters.instructions[cpu] += 1;
    long pause = k.machine.cpu(cpu).ps(Instr.PAUSE);
    return Math.max(at, k.sim.now()) + (midPass ? phases.remaining(cpu, pause) : pause);
  }

  /** Ends a word wait with the spinner's read of {@code l}, back at {@code back}: the step after
   * it runs then, and {@link #seen} gives the words it read. Returns when the task goes on, or
   * -1 if the wait was no longer pending. */
  private long endWithReadAt(int cpu, long tok, CacheLine l, long back) {
    long[] w = seen[cpu];
    if (w == null || w.length != l.wordCount()) {
      w = new long[l.wordCount()];
      seen[cpu] = w;
    }
    for (int i = 0; i < w.length; i++) {
      w[i] = k.coherence.wordSeen(cpu, l, i);
    }
    if (!end(cpu, tok, WaitReason.LINE_WRITTEN)) {
      return -1;
    }
    k.counters.instructions[cpu] += 2;
    return Math.max(back, k.sim.now());
  }

  /** Takes the pending wait of {@code cpu} off, if {@code tok} is still its; false if not. */
  private boolean end(int cpu, long tok, WaitReason why) {
    if (tok != k.loop.token[cpu]) {
      return false;
    }
    Task t = k.sched.current(cpu);
    if (t == null || t.pendingWait == null) {
      return false;
    }
    k.loop.bump(cpu);
    line[cpu] = null;
    t.pendingWait = null;
    t.result = why.ordinal();
    return true;
  }

  /**
   * Word {@code w} of the line, as the read that ended {@code cpu}'s last word wait (a
   * {@link WaitReason#LINE_WRITTEN} result of {@code spinWhile}, {@code spinUntil} or
   * {@code spinUntilOrChanged}) saw it.
   */
  long seen(int cpu, int w) {
    return seen[cpu][w];
  }

  /** The line {@code cpu} watches with {@code tok} was written; visible at {@code visibleAt}. */
  void lineWritten(int cpu, long tok, long visibleAt) {
    if (tok != k.loop.token[cpu]) {
      return;
    }
    if (revocable.holds(cpu, tok)) {
      revise(cpu, tok, visibleAt);
      return;
    }
    int w = word[cpu];
    CacheLine l = line[cpu];
    if (w < 0 || l == null) {
      wakeAt(cpu, tok, WaitReason.LINE_WRITTEN, visibleAt);
      return;
    }
    long back;
    if (rereadLine[cpu] == l && visibleAt <= rereadReach[cpu]
        && k.coherence.windowSeenBy(cpu, l) < 0) {
      // The re-read already under way takes its words after this write became visible (it was
      // issued after it, or the owner that answers it wrote first): it brings this write's
      // words too (unless it took the line from under another CPU's buffered stores and saw
      // the words as they were: then the write needs a re-read of its own).
      back = rereadBack[cpu];
      k.coherence.rereads().rejoin(cpu, l, rereadReach[cpu]);
    } else {
      // A word wait: the spinner's next pass re-reads the line.
      long reread = Math.max(visibleAt, k.sim.now())
          + phases.remaining(cpu, k.machine.cpu(cpu).ps(Instr.PAUSE));
      back = k.coherence.rereads().reread(cpu, l, reread, k.machine.cpu(cpu).ps(Instr.LOAD));
      rereadLine[cpu] = l;
      rereadIssue[cpu] = reread;
      rereadBack[cpu] = back;
      rereadReach[cpu] = k.coherence.rereads().reach();
    }
    if (!ends(cpu, l)) {
      // The words are not what ends the wait: it goes on spinning; no event.
      k.counters.instructions[cpu] += 2;
      k.coherence.watch(cpu, l, tok);
      return;
    }
    long go = endRevocably(cpu, tok, l, back, rereadReach[cpu]);
    if (go >= 0) {
      k.loop.scheduleStep(cpu, go);
    }
  }

  /** Keeps the word condition of {@code r} for {@code cpu}'s wait on {@code l}. */
  private void watchWords(int cpu, CacheLine l, SpinRequest r) {
    line[cpu] = l;
    word[cpu] = r.word;
    value[cpu] = r.value;
    until[cpu] = r.until;
    word2[cpu] = r.word2;
    value2[cpu] = r.value2;
  }

  /** Whether the words of {@code l} as they are end {@code cpu}'s word wait. */
  private boolean ends(int cpu, CacheLine l) {
    return ((l.peek(word[cpu]) & mask[cpu]) == value[cpu]) == until[cpu]
        || (word2[cpu] >= 0 && l.peek(word2[cpu]) != value2[cpu]);
  }

  /**
   * Ends {@code cpu}'s wait {@code tok} with its read of {@code l}, back at {@code back}, as
   * {@link #endWithReadAt} does; when the read takes its words only at {@code reach}, later
   * (its request reaches the owner that answers it then), the wait can still go on: see
   * {@link #revise}. Returns when the task goes on, or -1.
   */
  private long endRevocably(int cpu, long tok, CacheLine l, long back, long reach) {
    Task t = k.sched.current(cpu);
    Routine waiting = t == null ? null : t.pendingWait;
    Task o = owner[cpu];
    boolean resched = watchResched[cpu] == tok;
    boolean noPause = prompt[cpu];
    long go = endWithReadAt(cpu, tok, l, back);
    if (go >= 0 && reach > k.sim.now()) {
      long ended = k.loop.token[cpu];
      revocable.keep(cpu, ended, l, reach, waiting, o, resched, noPause);
      k.coherence.watch(cpu, l, ended);
    }
    return go;
  }

  /**
   * A write of the line whose read ended {@code cpu}'s wait, reported before that read took
   * its words: if it is seen by then (the owner that answers the read wrote first), the read
   * brings its words; if those no longer end the wait, the step after it is void and the wait
   * goes on, as it was.
   */
  private void revise(int cpu, long tok, long visibleAt) {
    CacheLine l = revocable.line(cpu);
    if (visibleAt > revocable.reach(cpu) || k.sim.now() > revocable.reach(cpu)) {
      // Seen after the read took its words, or ordered after it: the read keeps them.
      return;
    }
    long[] w = seen[cpu];
    for (int i = 0; i < w.length; i++) {
      w[i] = k.coherence.wordSeen(cpu, l, i);
    }
    k.coherence.rereads().rejoin(cpu, l, revocable.reach(cpu));
    if (ends(cpu, l)) {
      k.coherence.watch(cpu, l, tok);
      return;
    }
    Task t = k.sched.current(cpu);
    long again = k.loop.bump(cpu);
    Task o = revocable.owner(cpu);
    boolean resched = revocable.resched(cpu);
    line[cpu] = l;
    t.pendingWait = revocable.routine(cpu);
    owner[cpu] = o;
    prompt[cpu] = revocable.noPause(cpu);
    revocable.drop(cpu);
    long now = k.sim.now();
    // What begin checks: the conditions that ended a wait meanwhile end it now.
    if (resched && k.sched.needResched(cpu)) {
      wakeAt(cpu, again, WaitReason.NEED_RESCHED, now);
      return;
    }
    if (o != null && !k.onCpu(o)) {
      wakeAt(cpu, again, WaitReason.OWNER_OFF_CPU, now);
      return;
    }
    if (resched) {
      watchResched[cpu] = again;
    }
    if (timeoutAt[cpu] >= 0) {
      k.sim.schedule(Math.max(timeoutAt[cpu], now), hTimeout, cpu, again);
    }
    k.counters.instructions[cpu] += 2;
    k.coherence.watch(cpu, l, again);
  }

  /** need_resched was set on {@code cpu}: a spinner that watches it stops. */
  void reschedSet(int cpu, long at) {
    long tok = watchResched[cpu];
    if (tok >= 0 && tok == k.loop.token[cpu]) {
      wakeAt(cpu, tok, WaitReason.NEED_RESCHED, at);
    }
  }

  /** {@code t} left its CPU: spinners watching it stop. */
  void offCpu(Task t, long at) {
    for (int cpu = 0; cpu < owner.length; cpu++) {
      if (owner[cpu] == t) {
        wakeAt(cpu, k.loop.token[cpu], WaitReason.OWNER_OFF_CPU, at);
      }
    }
  }
}
