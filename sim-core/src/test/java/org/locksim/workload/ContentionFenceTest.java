package org.locksim.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.locksim.cpu.Instr;
import org.locksim.machine.Machine;
import org.locksim.run.RunResult;
import org.locksim.run.Simulator;
import org.locksim.scenario.Scenario;
import org.locksim.scenario.ScenarioLoader;
import org.locksim.scenario.json.InputError;

/**
 * Why: libslock's stress test, the benchmark of many published spin-lock comparisons, puts a
 * full barrier on both sides of each release, and without them a test-and-test-and-set lock
 * behaves differently: its releaser's next exchange drains the store buffer behind its own
 * release and finds the line in its cache, ahead of the waiters' re-reads, so with a short
 * pause between acquisitions one thread keeps the lock. With {@code fenceAroundRelease} the
 * releaser's release is visible before it pauses, the waiters re-read it, and every thread gets
 * the lock; alone, a task pays the two barriers per acquisition and nothing else.
 */
class ContentionFenceTest {
  private static String text(String algorithm, int tasks, boolean fence) {
    return """
        {
          "name": "f",
          "machine": "xeon-e5-2695v4-2s",
          "locks": [ { "name": "l", "algorithm": "%s" } ],
          "workload": { "type": "contention", "space": "user", "tasks": %d, "lock": "l",
            "lines": [ { "name": "data" } ],
            "critical": { "cycles": { "dist": "fixed", "value": 210 },
                          "touches": [ { "line": "data", "reads": 1, "writes": 1 } ] },
            "outside": { "cycles": { "dist": "fixed", "value": 100 } },
            "affinity": { "cpus": "0-71:2", "policy": "compact" },
            "fenceAroundRelease": %b },
          "run": { "warmupMs": 0.2, "durationMs": 1, "seed": 1 }
        }
        """.formatted(algorithm, tasks, fence);
  }

  private static RunResult run(String algorithm, int tasks, boolean fence) {
    Scenario s = ScenarioLoader.standard().load("f.json", text(algorithm, tasks, fence), List.of()).get(0);
    RunResult r = Simulator.run(s, 1);
    assertTrue(r.violations().isEmpty(), r.violations().toString());
    return r;
  }

  private static long[] acquired(RunResult r) {
    return r.taskCounts().get(0).acquired();
  }

  @Test
  void withFencesEveryThreadGetsTheTestAndTestAndSetLock() {
    long[] without = acquired(run("spin.ttas", 8, false));
    long[] with = acquired(run("spin.ttas", 8, true));
    assertEquals(0, Arrays.stream(without).min().orElseThrow(),
        "without fences the releaser keeps the lock: " + Arrays.toString(without));
    long max = Arrays.stream(with).max().orElseThrow();
    long min = Arrays.stream(with).min().orElseThrow();
    assertTrue(min > 0 && max < 2 * min, "with fences: " + Arrays.toString(with));
  }

  @Test
  void aloneATaskPaysTheTwoFencesPerAcquisition() {
    RunResult without = run("queued.mcs", 1, false);
    RunResult with = run("queued.mcs", 1, true);
    double psPerOpWithout = without.elapsedSeconds() * 1e12 / without.ops();
    double psPerOpWith = with.elapsedSeconds() * 1e12 / with.ops();
    Scenario s = ScenarioLoader.standard().load("f.json", text("queued.mcs", 1, true), List.of()).get(0);
    long mfence = new Machine(s.machine(), s.kernel()).cpu(0).ps(Instr.MFENCE);
    assertEquals(2.0 * mfence, psPerOpWith - psPerOpWithout, 0.02 * psPerOpWith,
        "per acquisition: " + psPerOpWithout + " ps without fences, " + psPerOpWith + " with");
  }

  @Test
  void aFenceThatIsNotABooleanIsBadInput() {
    String bad = text("spin.ttas", 2, true).replace("\"fenceAroundRelease\": true", "\"fenceAroundRelease\": 1");
    InputError e = assertThrows(InputError.class, () -> ScenarioLoader.standard().load("f.json", bad, List.of()));
    assertTrue(e.getMessage().contains("fenceAroundRelease"), e.getMessage());
    assertFalse(e.getMessage().contains("Exception"), e.getMessage());
  }
}
