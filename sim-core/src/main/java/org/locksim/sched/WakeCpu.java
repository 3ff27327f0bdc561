package org.locksim.sched;

import org.locksim.machine.Machine;

/**
 * Where a woken task runs ({@code select_task_rq}): its previous CPU if idle, else the nearest
 * idle CPU of the same socket ({@code select_idle_sibling} over the last-level cache, Linux
 * 2.6.32 on), else the previous CPU's queue; always among the CPUs the task may run on. Without
 * the idle search ({@link SchedConfig#wakeIdle}) a task whose previous CPU is busy queues
 * there, as Linux 2.6.27 to 2.6.31 left it: their default scheduling domains
 * ({@code include/linux/topology.h}, {@code SD_SIBLING_INIT}, {@code SD_MC_INIT},
 * {@code SD_CPU_INIT}; x86's {@code SD_NODE_INIT}) set no {@code SD_WAKE_IDLE}, so
 * {@code wake_idle} returns the CPU it was given. (Their {@code wake_affine} and passive
 * balancing, which pull a task towards its waker when the queues' loads favour it, are not
 * modelled.) A task whose previous CPU it may no longer use
 * goes, as {@code select_fallback_rq} sends it, to the nearest allowed idle CPU, else the
 * nearest allowed CPU. Distances are the machine's transfer times, lower CPU numbers first on
 * ties.
 */
final class WakeCpu {
  private final Machine machine;
  private final boolean idleSearch;

  WakeCpu(Machine machine, boolean idleSearch) {
    this.machine = machine;
    this.idleSearch = idleSearch;
  }

  /** The CPU {@code t}, last on {@code prev}, wakes on; {@code current} holds each CPU's task. */
  int select(Task t, int prev, Task[] current) {
    if (t.allowedOn(prev)) {
      if (current[prev] == null || !idleSearch) {
        return prev;
      }
      int best = nearest(t, prev, current, true, true);
      return best >= 0 ? best : prev;
    }
    int idle = nearest(t, prev, current, true, false);
    return idle >= 0 ? idle : nearest(t, prev, current, false, false);
  }

  /**
   * The allowed CPU nearest {@code prev}, other than it: only idle ones when {@code idle}, only
   * those of {@code prev}'s socket when {@code sameSocket}; -1 when there is none.
   */
  private int nearest(Task t, int prev, Task[] current, boolean idle, boolean sameSocket) {
    int best = -1;
    long bestPs = Long.MAX_VALUE;
    int socket = machine.cpu(prev).slot().socket();
    for (int c = 0; c < current.length; c++) {
      if (c == prev || (idle && current[c] != null) || !t.allowedOn(c)
          || (sameSocket && machine.cpu(c).slot().socket() != socket)) {
        continue;
      }
      long d = machine.transferPs(prev, c);
      if (d < bestPs) {
        bestPs = d;
        best = c;
      }
    }
    return best;
  }
}
