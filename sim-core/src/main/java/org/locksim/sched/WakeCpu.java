package org.locksim.sched;

import org.locksim.machine.Machine;

/**
 * Where a woken task runs ({@code select_task_rq}): its previous CPU if idle, else the nearest
 * idle CPU of the same socket (2.6.29's {@code wake_idle}), else the previous CPU's queue;
 * always among the CPUs the task may run on. A task whose previous CPU it may no longer use
 * goes, as {@code select_fallback_rq} sends it, to the nearest allowed idle CPU, else the
 * nearest allowed CPU. Distances are the machine's transfer times, lower CPU numbers first on
 * ties.
 */
final class WakeCpu {
  private final Machine machine;

  WakeCpu(Machine machine) {
    this.machine = machine;
  }

  /** The CPU {@code t}, last on {@code prev}, wakes on; {@code current} holds each CPU's task. */
  int select(Task t, int prev, Task[] current) {
    if (t.allowedOn(prev)) {
      if (current[prev] == null) {
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
