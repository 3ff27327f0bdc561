package org.locksim.lock;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.locksim.run.RunResult;
import org.locksim.run.Simulator;
import org.locksim.scenario.Scenario;
import org.locksim.scenario.ScenarioLoader;

/**
 * Runs of {@code scenarios/spinlocks-2s72t.json}, the textbook spin-lock experiment on the
 * two-socket Broadwell-EP, for the tests of single lock algorithms: one variant, 2 ms, with the
 * given fields set, checked free of violated invariants.
 */
final class SpinLockRuns {
  private SpinLockRuns() { }

  /** The scenario's {@code variant} with {@code sets} applied (PATH=VALUE), seed 1. */
  static RunResult run(String variant, String... sets) {
    List<String> all = new ArrayList<>(List.of("run.durationMs=2"));
    all.addAll(List.of(sets));
    RunResult r = Simulator.run(load(variant, all), 1);
    assertTrue(r.violations().isEmpty(), r.violations().toString());
    return r;
  }

  /** The scenario's {@code variant} with {@code sets} applied, not run. */
  static Scenario load(String variant, List<String> sets) {
    return ScenarioLoader.standard().load(Path.of("..", "scenarios", "spinlocks-2s72t.json"), sets)
        .stream().filter(v -> v.variant().equals(variant)).findFirst().orElseThrow();
  }
}
