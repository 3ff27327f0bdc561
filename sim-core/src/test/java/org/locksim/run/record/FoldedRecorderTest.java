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
    assertTrue(f.onCpu().totalPs("kernel;ttas_lock;spin") > 0, f.onCpu().format());
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

  @Test
  void framesAreMadeSafe() {
    assertEquals("a:b_c", FoldedRecorder.frame("a;b c"));
    assertEquals("unknown", FoldedRecorder.frame(null));
  }
}
