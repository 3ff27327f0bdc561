package org.locksim.spark;

import java.io.Serializable;
import java.util.List;
import org.locksim.cli.SweepPlan;
import org.locksim.run.Simulator;
import org.locksim.scenario.Scenario;
import org.locksim.scenario.json.JsonTree;
import org.locksim.scenario.json.JsonValue;

/**
 * One run of a sweep as a Spark task carries it: where its figures go (point and repeat), and
 * how to rebuild its scenario on an executor, by the loading the driver did when it expanded
 * the grid (the same overrides, in the same order, then the variant by name).
 *
 * @param point the point's index in the sweep, in table order
 * @param repeat the repeat's index
 * @param seed the run's seed
 * @param assignments the {@code --set} overrides and the point's axis values, as the grid
 *     applied them
 * @param variant the variant's name
 */
record RunTask(int point, int repeat, long seed, List<String> assignments, String variant)
    implements Serializable {
  private static final long serialVersionUID = 1L;

  RunTask {
    assignments = List.copyOf(assignments);
  }

  /** Loads the scenario and runs it: the figures, in the source's column order. */
  double[] run(SweepSource source) {
    JsonValue tree = JsonTree.parse(source.fileName(), source.text());
    Scenario scenario = ExecutorPlugins.loader(source)
        .load(tree, source.fileName(), assignments, variant.isEmpty() ? List.of() : List.of(variant)).stream()
        .filter(s -> s.variant().equals(variant)).findFirst()
        .orElseThrow(() -> new IllegalStateException("no variant " + variant + " on the executor"));
    return SweepPlan.measure(Simulator.run(scenario, seed), source.figures());
  }

  /** What a task sends back: the run's place and figures. */
  record Outcome(int point, int repeat, double[] figures) implements Serializable {
    private static final long serialVersionUID = 1L;
  }
}
