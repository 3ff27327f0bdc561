package org.locksim.lock;

import org.locksim.sched.Kernel;
import org.locksim.sched.Routine;

/** Test tasks that take a lock a few times: for the tests of one algorithm's behaviour. */
public final class LockWorkers {
  private LockWorkers() { }

  /**
   * Starts a task on {@code cpu} that waits {@code delayPs}, then takes {@code lock}
   * {@code times} times, holding it {@code holdPs} (system time) and thinking {@code thinkPs}
   * (user time) between, and exits.
   */
  static void start(Kernel kernel, Lock lock, int cpu, long delayPs, long holdPs, int times,
      long thinkPs) {
    start(kernel, lock.acquire(), lock.release(), cpu, delayPs, holdPs, times, thinkPs);
  }

  /** As {@link #start(Kernel, Lock, int, long, long, int, long)}, with the given routines (a reader's). */
  public static void start(Kernel kernel, Routine acquire, Routine release, int cpu, long delayPs,
      long holdPs, int times, long thinkPs) {
    Routine r = new Routine("worker") {
      @Override
      public void step(Kernel k) {
        switch (k.pc()) {
          case 0 -> {
            k.compute(delayPs, 1, true);
            k.setLocal(0, times);
            k.next(1);
          }
          case 1 -> {
            k.call(acquire);
            k.next(2);
          }
          case 2 -> {
            k.compute(holdPs, 1, false);
            k.next(3);
          }
          case 3 -> {
            k.call(release);
            k.setLocal(0, k.local(0) - 1);
            k.next(4);
          }
          case 4 -> {
            if (k.local(0) == 0) {
              k.exit();
            } else {
              k.compute(thinkPs, 1, true);
              k.next(1);
            }
          }
          default -> throw new IllegalStateException();
        }
      }
    };
    kernel.start(kernel.newTask("worker" + cpu, r), cpu);
  }
}
