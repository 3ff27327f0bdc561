package org.locksim.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.locksim.engine.Simulation;
import org.locksim.machine.Machine;
import org.locksim.machine.TestMachines;

/**
 * Why: Linux multiplies its CFS granularities by a factor of the CPU count at boot, so the same
 * sysctl defaults give a 16-CPU box of 2009 slices five times as long as a uniprocessor's. A
 * scenario that names the kernel's rule must get the slices that kernel had, and one that does
 * not must keep the values as written.
 */
class TunableScalingTest {
  private static final long MS = SchedConfig.MS;

  private static SchedConfig linux(long latencyMs, double minMs, double wakeMs, TunableScaling s) {
    return new SchedConfig(latencyMs * MS, Math.round(minMs * MS), Math.round(wakeMs * MS), 4, true,
        true, MS / 2, s);
  }

  @Test
  void factorsAreLinuxs() {
    assertEquals(1, TunableScaling.LOG.factor(1));
    assertEquals(2, TunableScaling.LOG.factor(2));
    assertEquals(3, TunableScaling.LOG.factor(7));
    assertEquals(4, TunableScaling.LOG.factor(8));
    assertEquals(4, TunableScaling.LOG.factor(144), "capped at 8 CPUs since 2.6.36");
    assertEquals(8, TunableScaling.LINEAR.factor(144));
    assertEquals(5, TunableScaling.LOG_UNCAPPED.factor(16), "2.6.29: 1 + ilog2(16)");
    assertEquals(8, TunableScaling.LOG_UNCAPPED.factor(144));
    assertEquals(1, TunableScaling.NONE.factor(144));
  }

  @Test
  void scaledSettingsAreThoseTheKernelBootedWith() {
    SchedConfig v2629 = linux(20, 4, 5, TunableScaling.LOG_UNCAPPED).scaledFor(16);
    assertEquals(100 * MS, v2629.latencyPs());
    assertEquals(20 * MS, v2629.minGranularityPs());
    assertEquals(25 * MS, v2629.wakeupGranularityPs());
    SchedConfig big = linux(20, 4, 5, TunableScaling.LOG_UNCAPPED).scaledFor(1 << 12);
    assertEquals(200 * MS, big.latencyPs(), "2.6.29 keeps the latency under 200 ms");
    assertEquals(65 * MS, big.wakeupGranularityPs(), "and does not cap the wakeup granularity");
    SchedConfig v512 = linux(6, 0.75, 1, TunableScaling.LOG).scaledFor(144);
    assertEquals(24 * MS, v512.latencyPs());
    assertEquals(3 * MS, v512.minGranularityPs());
    assertEquals(4 * MS, v512.wakeupGranularityPs());
    SchedConfig asWritten = SchedConfig.defaults();
    assertEquals(asWritten, asWritten.scaledFor(144), "the default keeps the values as written");
  }

  /** Context switches of two CPU-bound tasks sharing CPU 0 of a four-CPU machine for 240 ms. */
  private static long switches(TunableScaling s) {
    Simulation sim = new Simulation();
    Machine m = TestMachines.machine(4);
    Kernel k = new Kernel(sim, m, linux(20, 4, 5, s), null);
    for (int i = 0; i < 2; i++) {
      Routine burn = new Routine("burn") {
        @Override
        public void step(Kernel kk) {
          kk.compute(MS, 1, true);
          kk.next(1);
        }
      };
      Task t = k.newTask("burn" + i, burn);
      k.setAffinity(t, CpuMask.of(0));
      k.start(t, 0);
    }
    k.startTicks();
    sim.runUntil(240 * MS);
    return k.counters().snapshot(sim.now()).contextSwitches();
  }

  @Test
  void aScaledSliceSwitchesLessOften() {
    long asWritten = switches(TunableScaling.NONE);
    long scaled = switches(TunableScaling.LOG);
    // Slices of max(4, 20 / 2) = 10 ms as written; on four CPUs, times 1 + ilog2(4) = 3.
    assertTrue(asWritten >= 20 && asWritten <= 26, "10 ms slices: " + asWritten);
    assertTrue(scaled >= 6 && scaled <= 10, "30 ms slices: " + scaled);
  }
}
