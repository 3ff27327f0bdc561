package org.locksim.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.locksim.scenario.Scenario;
import org.locksim.scenario.ScenarioLoader;
import org.locksim.sched.CpuMode;
import org.locksim.sched.KernelObserver;

/**
 * Why: a workload's affinity must decide where its tasks run, as taskset and numactl do. On
 * the two-socket 8-CPU machine, {@code spread} and {@code compact} put the same four tasks on
 * different packages, which the run's per-task CPUs and the time intervals a trace records both
 * show; pinned tasks never migrate, though the same load unpinned does; and a task allowed a
 * few CPUs runs on those only, while wakeups and load balancing still move it among them.
 */
class PlacementRunTest {
  /** 12 tasks on a TTAS lock and a sleep mutex (sleeping, waking, balancing) with an affinity. */
  private static Scenario contention(int tasks, String affinity) {
    String text = "{\"name\": \"t\", \"machine\": \"amd64-2s4c\","
        + " \"locks\": [{\"name\": \"s\", \"algorithm\": \"spin.ttas\"},"
        + " {\"name\": \"m\", \"algorithm\": \"mutex.blocking\"}],"
        + " \"workload\": {\"type\": \"contention\", \"tasks\": " + tasks + ", \"locks\": [\"s\", \"m\"],"
        + " \"critical\": {\"dist\": \"fixed\", \"ns\": 400},"
        + " \"think\": {\"dist\": \"exponential\", \"meanNs\": 3000}"
        + (affinity.isEmpty() ? "" : ", \"affinity\": " + affinity) + "},"
        + " \"run\": {\"warmupMs\": 0, \"durationMs\": 2}}";
    return ScenarioLoader.standard().load("t.json", text, List.of()).get(0);
  }

  /** A run and, per task id, the CPUs the trace's busy intervals put it on. */
  private record Traced(RunResult result, Map<Integer, Set<Integer>> cpusByTask) { }

  private static Traced run(Scenario s) {
    Map<Integer, Set<Integer>> seen = new HashMap<>();
    RunResult r = Simulator.run(s, 1, new KernelObserver() {
      @Override
      public void cpuInterval(int cpu, CpuMode mode, String fn, int task, long from, long to) {
        if (task >= 0 && to > from && mode != CpuMode.IDLE) {
          seen.computeIfAbsent(task, t -> new HashSet<>()).add(cpu);
        }
      }
    }, null);
    assertEquals(List.of(), r.violations());
    return new Traced(r, seen);
  }

  private static List<Integer> sockets(Traced t) {
    List<Integer> out = new ArrayList<>();
    for (TaskPlacement p : t.result().tasks()) {
      int[] cpus = p.ranOn().cpus();
      assertEquals(1, cpus.length, p.name() + " ran on " + p.ranOn());
      out.add(cpus[0] / 4);
    }
    return out;
  }

  @Test
  void spreadAndCompactPutTheSameTasksOnDifferentPackages() {
    Traced spread = run(contention(4, "{\"policy\": \"spread\"}"));
    Traced compact = run(contention(4, "{\"policy\": \"compact\"}"));
    assertEquals(List.of(0, 1, 0, 1), sockets(spread));
    assertEquals(List.of(0, 0, 0, 0), sockets(compact));
    // The trace's intervals agree with the run's per-task CPUs.
    for (Traced t : List.of(spread, compact)) {
      for (int i = 0; i < 4; i++) {
        assertEquals(Set.of(t.result().tasks().get(i).ranOn().cpus()[0]), t.cpusByTask().get(i));
      }
    }
    assertEquals(List.of(0, 4, 1, 5), spread.result().tasks().stream()
        .map(p -> p.ranOn().cpus()[0]).toList());
  }

  @Test
  void pinnedTasksNeverMigrate() {
    RunResult free = run(contention(12, "")).result();
    assertTrue(free.counters().migrations() > 0, "the unpinned load migrates: " + free.counters().migrations());
    for (String policy : List.of("spread", "compact")) {
      RunResult pinned = run(contention(12, "{\"policy\": \"" + policy + "\"}")).result();
      assertEquals(0, pinned.counters().migrations(), policy);
      for (TaskPlacement p : pinned.tasks()) {
        assertEquals(0, p.migrations(), policy + " " + p.name());
        assertEquals(1, p.allowed().size(), policy + " " + p.name());
        assertEquals(p.allowed(), p.ranOn(), policy + " " + p.name());
      }
    }
  }

  @Test
  void aTaskNeverRunsOutsideItsCpus() {
    Traced t = run(contention(9, "{\"cpus\": \"1-3,5-7\"}"));
    Set<Integer> allowed = Set.of(1, 2, 3, 5, 6, 7);
    Set<Integer> used = new HashSet<>();
    for (Set<Integer> cpus : t.cpusByTask().values()) {
      assertTrue(allowed.containsAll(cpus), "ran on " + cpus);
      used.addAll(cpus);
    }
    for (TaskPlacement p : t.result().tasks()) {
      assertEquals("1-3,5-7", p.allowed().toString());
      for (int c : p.ranOn().cpus()) {
        assertTrue(allowed.contains(c), p.name() + " ran on " + p.ranOn());
      }
    }
    assertEquals(allowed, used, "the six CPUs are all used");
    assertTrue(t.result().counters().migrations() > 0, "wakeups and balancing move tasks among them " + t.result().tasks());
  }

  @Test
  void aListPerTaskPinsEachTask() {
    Traced t = run(contention(3, "{\"perTask\": [\"7\", \"0\", \"3-4\"]}"));
    List<TaskPlacement> tasks = t.result().tasks();
    assertEquals("7", tasks.get(0).ranOn().toString());
    assertEquals("0", tasks.get(1).ranOn().toString());
    assertEquals("3-4", tasks.get(2).allowed().toString());
    assertTrue(Set.of(3, 4).containsAll(t.cpusByTask().get(2)));
    assertNotEquals(tasks.get(0).ranOn(), tasks.get(1).ranOn());
  }
}
