package org.locksim.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.locksim.engine.Simulation;
import org.locksim.machine.TestMachines;

/**
 * Why: where a woken task runs decides how many migrations and idle CPUs a sleeping lock
 * costs. Linux 2.6.32 on ({@code select_idle_sibling}), FreeBSD's ULE and OpenBSD send a task
 * whose previous CPU is busy to an idle CPU nearby; Linux 2.6.27 to 2.6.31's default scheduling
 * domains set no {@code SD_WAKE_IDLE}, so the task queues on its previous CPU. With one CPU
 * busy, one waking and one idle, the woken task must run on the idle CPU with the search and on
 * its previous CPU without it.
 */
class WakePlacementTest {
  private static final long US = 1_000_000;

  /** Computes for {@code ps}, then exits. */
  private static Routine hog(long ps) {
    return new Routine("hog") {
      @Override
      public void step(Kernel k) {
        if (k.pc() == 0) {
          k.compute(ps, ps / 1000, false);
          k.next(1);
        } else {
          k.exit();
        }
      }
    };
  }

  /** Waits {@code delayPs}, then wakes one task of {@code q}. */
  private static Routine waker(WaitQueue q, long delayPs) {
    return new Routine("waker") {
      @Override
      public void step(Kernel k) {
        if (k.pc() == 0) {
          k.sleep(delayPs);
          k.next(1);
        } else {
          k.wake(q, 1);
          k.exit();
        }
      }
    };
  }

  /** The CPU the sleeper, last on CPU 0 where a hog runs, is woken onto from CPU 1. */
  private static int wokeOn(boolean wakeIdle) {
    SchedConfig d = SchedConfig.defaults();
    SchedConfig cfg = new SchedConfig(d.latencyPs(), d.minGranularityPs(),
        d.wakeupGranularityPs(), d.balanceTicks(), d.idleBalance(), wakeIdle,
        d.migrationCostPs(), d.scaling());
    Simulation sim = new Simulation();
    Kernel k = new Kernel(sim, TestMachines.machine(3), cfg, null);
    WaitQueue q = new WaitQueue("q");
    int[] wokeOn = {-1};
    k.start(k.newTask("sleeper", Sleepers.once(q, s -> wokeOn[0] = s.task().cpu())), 0);
    k.start(k.newTask("hog", hog(500 * US)), 0);
    k.start(k.newTask("waker", waker(q, 50 * US)), 1);
    sim.runUntil(SchedConfig.MS);
    return wokeOn[0];
  }

  @Test
  void withTheIdleSearchTheWokenTaskGoesToTheIdleCpu() {
    assertEquals(2, wokeOn(true));
  }

  @Test
  void withoutItTheWokenTaskStaysOnItsBusyPreviousCpu() {
    assertEquals(0, wokeOn(false));
  }
}
