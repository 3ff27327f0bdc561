package org.locksim.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.locksim.run.RunResult;
import org.locksim.run.Simulator;
import org.locksim.scenario.Scenario;
import org.locksim.scenario.ScenarioLoader;
import org.locksim.sched.CpuMode;

/**
 * Why: a build's user time is drawn per job and does not depend on the kernel, so however
 * contended its locks are, time(1)'s user must not move. A critical section's updates of the
 * lock's line are issued by the job's own routine while it is in the kernel; their stalls
 * were once charged as user time, and V4's "user within 1%" row moved with contention.
 */
class BuildAccountingTest {
  private static RunResult run(long holdNs) {
    List<Scenario> s = ScenarioLoader.standard().load(Path.of("..", "scenarios", "build-openbsd-16cpu.json"),
        List.of("workload.jobs=16", "workload.userTime.cycles.mean=8000000",
            "workload.entries[2].locks[0].lineUpdates=2",
            "workload.entries[2].locks[0].hold.cycles.mean=" + 4 * holdNs));
    return Simulator.run(s.get(0), 1);
  }

  @Test
  void userTimeDoesNotDependOnLockContention() {
    RunResult light = run(100);
    RunResult heavy = run(3000);
    assertTrue(heavy.ms(CpuMode.SPINNING) > 5 * light.ms(CpuMode.SPINNING),
        "the heavy run must contend: " + light.ms(CpuMode.SPINNING) + " vs " + heavy.ms(CpuMode.SPINNING));
    // Timer ticks that land in user bursts (about 1 us each, some 34 of them over the 34 ms of
    // user time) may differ, by up to ten; nothing else may (a stall charged as user time
    // would move it by the spinning's milliseconds).
    assertEquals(light.ms(CpuMode.USER), heavy.ms(CpuMode.USER), 0.010);
  }
}
