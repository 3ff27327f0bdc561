package org.locksim.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.locksim.engine.Simulation;
import org.locksim.machine.Machine;
import org.locksim.machine.TestMachines;

/**
 * Why: a tick that ends a slice cuts the running task's compute burst; when the queued task
 * has run longer, schedule() keeps the current task and no switch happens. The burst's
 * original end must then be void, or the task runs two steps at once: it does more work than
 * the CPU has time for, and a lock routine running twice breaks mutual exclusion.
 */
class TickPreemptionTest {
  private static final long MS = SchedConfig.MS;

  @Test
  void aCutBurstThatKeepsItsCpuStepsOnce() {
    Simulation sim = new Simulation();
    Machine m = TestMachines.machine(1);
    Kernel k = new Kernel(sim, m, SchedConfig.defaults(), null);
    long[] bursts = new long[2];
    for (int i = 0; i < 2; i++) {
      int id = i;
      Routine loop = new Routine("burn") {
        @Override
        public void step(Kernel kk) {
          if (kk.pc() == 1) {
            bursts[id]++;
          }
          kk.compute(MS / 4, 1, true);
          kk.next(1);
        }
      };
      k.start(k.newTask("burn" + i, loop), 0);
    }
    k.startTicks();
    sim.runUntil(100 * MS);
    long work = (bursts[0] + bursts[1]) * (MS / 4);
    assertTrue(work <= 100 * MS, "bursts done: " + bursts[0] + " + " + bursts[1]
        + " of 250 us on one CPU in 100 ms");
    assertTrue(bursts[0] > 0 && bursts[1] > 0);
    assertEquals(2, k.tasks().size());
  }
}
