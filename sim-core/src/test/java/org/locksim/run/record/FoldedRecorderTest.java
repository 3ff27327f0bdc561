package org.locksim.run.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.locksim.run.RunResult;
import org.locksim.run.Simulator;
import org.locksim.scenario.Scenario;
import org.locksim.sched.CpuMode;

/**
 * Why: a flame graph is read as shares of time, so the profiles must add up: on-CPU stacks to
 * every CPU's whole window, off-CPU stacks to the rest of every task's window, each stack to the
 * run's own per-mode account, and the warm-up must be left out as it is everywhere else.
 */
class FoldedRecorderTest {
  @Test
  void onCpuStacksAddUpToEveryCpuAndModeOverTheWindow() {
    Scenario s = Recorded.small();
    FoldedRecorder f = new FoldedRecorder();
    RunResult r = Simulator.run(s, 1, f);
    assertEquals(8 * s.run().durationPs(), f.onCpu().totalPs());
    long spinStacks = f.onCpu().format().lines().map(l -> l.substring(0, l.lastIndexOf(' ')))
        .filter(st -> st.endsWith(";spin")).mapToLong(st -> f.onCpu().totalPs(st)).sum();
    assertTrue(f.onCpu().totalPs("kernel;worker;ttas_lock;spin") > 0, f.onCpu().format());
    assertEquals(0, f.onCpu().totalPs("kernel;ttas_lock;spin"), "a lock's frames sit under their caller");
    assertEquals(r.counters().total(CpuMode.SPINNING), spinStacks);
    assertEquals(r.counters().total(CpuMode.SWITCHING), f.onCpu().totalPs("kernel;schedule"));
    assertEquals(r.counters().total(CpuMode.USER), f.onCpu().totalPs("user;worker"));
    assertEquals(r.counters().total(CpuMode.IDLE), f.onCpu().totalPs("idle"));
  }

  @Test
  void offCpuStacksAreTheRestOfEveryTasksWindow() {
    Scenario s = Recorded.small();
    FoldedRecorder f = new FoldedRecorder();
    RunResult r = Simulator.run(s, 1, f);
    long busy = 8 * s.run().durationPs() - r.counters().total(CpuMode.IDLE);
    assertEquals(12 * s.run().durationPs() - busy, f.offCpu().totalPs());
    assertTrue(f.offCpu().totalPs("offcpu;blocked;sleep_mtx") > 0, f.offCpu().format());
    assertEquals(0, f.offCpu().totalPs("offcpu;blocked;spin_lock"));
    assertEquals(0, f.offCpu().totalPs("offcpu;blocked"));
  }

  /*
   * Tracking the callers for the profile is bookkeeping: the run it watches is the run without it.
   */
  @Test
  void trackingCallersChangesNothingInTheRun() {
    Scenario s = Recorded.small();
    RunResult plain = Simulator.run(s, 1, null);
    RunResult profiled = Simulator.run(s, 1, new FoldedRecorder());
    assertEquals(plain.ops(), profiled.ops());
    for (CpuMode m : CpuMode.values()) {
      assertEquals(plain.counters().total(m), profiled.counters().total(m), m.toString());
    }
  }

  @Test
  void framesAreMadeSafe() {
    assertEquals("a:b_c", FoldedRecorder.frame("a;b c"));
    assertEquals("unknown", FoldedRecorder.frame(null));
  }
}
