package org.locksim.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.locksim.metrics.LockStats;
import org.locksim.run.RunResult;
import org.locksim.run.Simulator;
import org.locksim.run.record.FoldedRecorder;
import org.locksim.scenario.Scenario;
import org.locksim.scenario.ScenarioLoader;
import org.locksim.scenario.json.InputError;
import org.locksim.sched.CpuMode;

/**
 * Why: the build workload is a finite run whose figures are time(1)'s; every job must run to
 * its end, page faults must be counted, the run must end with its last job, and it must not
 * finish faster than its CPU time allows.
 */
class BuildTest {
  static Scenario scenario(String extra) {
    String text = "{\"name\": \"b\", \"machine\": \"amd64-1s8c\","
        + " \"locks\": [{\"name\": \"big\", \"algorithm\": \"spin.ticket\"}],"
        + " \"workload\": {\"type\": \"build\", \"jobs\": 20, \"parallel\": 8,"
        + " \"userTime\": {\"dist\": \"fixed\", \"ns\": 2000000},"
        + " \"entries\": [{\"name\": \"sys_open\", \"perJob\": 100,"
        + " \"kernel\": {\"dist\": \"fixed\", \"ns\": 2000},"
        + " \"locks\": [{\"lock\": \"" + extra + "\", \"hold\": {\"dist\": \"fixed\", \"ns\": 500}}]},"
        + " {\"name\": \"fault\", \"perJob\": 50, \"pageFault\": true,"
        + " \"kernel\": {\"dist\": \"fixed\", \"ns\": 1000}}]},"
        + " \"run\": {\"warmupMs\": 0, \"durationMs\": 10000}}";
    return ScenarioLoader.standard().load("b.json", text, List.of()).get(0);
  }

  @Test
  void everyJobRunsAndTheRunEndsWithTheLast() {
    RunResult r = Simulator.run(scenario("big"), 1);
    assertEquals(List.of(), r.violations());
    assertEquals(20, r.ops());
    assertTrue(r.finite());
    // 20 jobs x 150 entries, a third of them page faults on average.
    assertTrue(r.pageFaults() > 600 && r.pageFaults() < 1400, "page faults " + r.pageFaults());
    double cpuSeconds = (r.ms(CpuMode.USER) + r.ms(CpuMode.SYSTEM) + r.ms(CpuMode.SPINNING)) / 1000;
    assertTrue(r.elapsedSeconds() >= cpuSeconds / 8, "faster than 8 CPUs allow");
    assertTrue(r.elapsedSeconds() < 0.1, "did not end with its last job: " + r.elapsedSeconds());
    assertEquals(40.0, r.ms(CpuMode.USER), 0.5);
  }

  /**
   * A job's kernel time and its lock takes are charged to the entry it is in (sys_open,
   * fault), as a kernel profile names the system call, and its user time to the compiler.
   */
  @Test
  void profilesNameTheKernelEntryAndLockStatItsCallSite() {
    FoldedRecorder folded = new FoldedRecorder();
    RunResult r = Simulator.run(scenario("big"), 1, folded);
    assertTrue(folded.onCpu().totalPs("kernel;sys_open") > 0);
    assertTrue(folded.onCpu().totalPs("kernel;fault") > 0);
    assertTrue(folded.onCpu().totalPs("user;cc") > 0);
    assertEquals(0, folded.onCpu().totalPs("kernel;cc"), "no kernel time is left to the compiler");
    LockStats big = r.locks().get(0);
    assertTrue(big.pointCount() > 0, "some take of the big lock was contended");
    for (int p = 0; p < big.pointCount(); p++) {
      assertTrue(big.pointLabel(p).startsWith("sys_open+0x"), big.pointLabel(p));
    }
  }

  @Test
  void sameSeedSameBuild() {
    RunResult a = Simulator.run(scenario("big"), 3);
    RunResult b = Simulator.run(scenario("big"), 3);
    assertEquals(a.elapsedSeconds(), b.elapsedSeconds());
    assertEquals(a.pageFaults(), b.pageFaults());
  }

  @Test
  void anEntryNamingAnUnknownLockIsRejected() {
    InputError e = assertThrows(InputError.class, () -> scenario("bg"));
    assertTrue(e.path().endsWith(".lock"), e.format());
    assertEquals(java.util.Optional.of("big"), e.suggestion());
  }

  @Test
  void parallelCanBeTheMachinesCpuCount() {
    Scenario s = ScenarioLoader.standard().load("b.json",
        "{\"name\": \"b\", \"machine\": \"amd64-1s8c\","
            + " \"locks\": [{\"name\": \"big\", \"algorithm\": \"spin.ticket\"}],"
            + " \"workload\": {\"type\": \"build\", \"jobs\": 20, \"parallel\": \"cpus\","
            + " \"userTime\": {\"dist\": \"fixed\", \"ns\": 1000000},"
            + " \"entries\": [{\"name\": \"e\", \"perJob\": 10, \"kernel\": {\"dist\": \"fixed\", \"ns\": 1000}}]},"
            + " \"run\": {\"warmupMs\": 0, \"durationMs\": 1000}}", List.of()).get(0);
    assertEquals(8, ((Build) s.workload()).parallel());
    InputError e = assertThrows(InputError.class, () -> ScenarioLoader.standard().load("b.json",
        "{\"name\": \"b\", \"machine\": \"amd64-1s8c\","
            + " \"locks\": [{\"name\": \"big\", \"algorithm\": \"spin.ticket\"}],"
            + " \"workload\": {\"type\": \"build\", \"jobs\": 20, \"parallel\": \"cpu\","
            + " \"userTime\": {\"dist\": \"fixed\", \"ns\": 1000000},"
            + " \"entries\": [{\"name\": \"e\", \"perJob\": 10, \"kernel\": {\"dist\": \"fixed\", \"ns\": 1000}}]}}",
        List.of()));
    assertEquals(java.util.Optional.of("cpus"), e.suggestion());
  }

  @Test
  void theBundledBuildRuns() {
    for (Scenario s : ScenarioLoader.standard().load(Path.of("..", "scenarios", "build-openbsd-16cpu.json"), List.of())) {
      RunResult r = Simulator.run(s, 1);
      assertEquals(List.of(), r.violations());
      assertEquals(48, r.ops());
    }
  }
}
