package org.locksim.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.locksim.machine.Machine;
import org.locksim.run.RunResult;
import org.locksim.run.Simulator;
import org.locksim.run.TaskPlacement;
import org.locksim.scenario.Scenario;
import org.locksim.scenario.ScenarioLoader;
import org.locksim.scenario.json.InputError;

/**
 * Why: a uniprocessor kernel ({@code "smp": false}) brings up the boot CPU only, whatever the
 * board holds, so its tasks share CPU 0 and no more than one CPU's time is ever used; before,
 * the model dropped the {@code lock} prefixes and kept every CPU running tasks, an SMP machine
 * with UP instructions. An affinity naming a CPU such a kernel never started is bad input.
 */
class UniprocessorKernelTest {
  private static String text(boolean smp, String affinity) {
    return """
        {
          "name": "up",
          "machine": "amd64-2s4c",
          "kernel": { "smp": %b },
          "locks": [ { "name": "l", "algorithm": "mutex.adaptive" } ],
          "workload": { "type": "contention", "tasks": 4, "lock": "l",
            "critical": { "cycles": { "dist": "fixed", "value": 500 } },
            "outside": { "cycles": { "dist": "fixed", "value": 5000 } }%s },
          "run": { "warmupMs": 0.5, "durationMs": 40, "seed": 1 }
        }
        """.formatted(smp, affinity);
  }

  private static Scenario load(boolean smp, String affinity) {
    return ScenarioLoader.standard().load("up.json", text(smp, affinity), List.of()).get(0);
  }

  private static RunResult run(boolean smp) {
    RunResult r = Simulator.run(load(smp, ""), 1);
    assertTrue(r.violations().isEmpty(), r.violations().toString());
    return r;
  }

  @Test
  void aUniprocessorKernelRunsEveryTaskOnTheBootCpu() {
    assertEquals(1, new Machine(load(false, "").machine(), load(false, "").kernel()).cpuCount());
    RunResult up = run(false);
    // Four tasks share the one CPU in CFS slices of a few milliseconds each.
    assertEquals(4, up.tasks().size());
    for (TaskPlacement t : up.tasks()) {
      assertEquals(List.of(0), Arrays.stream(t.ranOn().cpus()).boxed().toList(),
          t.name() + " ran on " + t.ranOn());
      assertEquals(0, t.migrations(), t.name());
    }
    double cpusUtilized = up.taskClockMs() / (up.elapsedSeconds() * 1e3);
    assertTrue(cpusUtilized <= 1.0 + 1e-9, "UP: " + cpusUtilized + " CPUs utilized");
    assertTrue(up.ops() > 0);
  }

  @Test
  void theSameScenarioOnAnSmpKernelUsesMoreThanOneCpu() {
    RunResult smp = run(true);
    assertEquals(8, new Machine(load(true, "").machine(), load(true, "").kernel()).cpuCount());
    double cpusUtilized = smp.taskClockMs() / (smp.elapsedSeconds() * 1e3);
    assertTrue(cpusUtilized > 2, "SMP: " + cpusUtilized + " CPUs utilized");
  }

  @Test
  void anAffinityBeyondTheBootCpuIsBadInputUnderAUniprocessorKernel() {
    String pinned = ", \"affinity\": { \"cpus\": \"0-3\" }";
    load(true, pinned);
    InputError e = assertThrows(InputError.class, () -> load(false, pinned));
    assertTrue(e.getMessage().contains("CPU 3 is not on this machine, whose kernel runs on CPU 0 only"),
        e.getMessage());
    assertTrue(e.getMessage().contains("$.workload.affinity.cpus"), e.getMessage());
    assertFalse(e.getMessage().contains("Exception"), e.getMessage());
  }
}
