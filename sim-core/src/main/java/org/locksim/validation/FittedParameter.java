package org.locksim.validation;

import java.util.List;

/**
 * A figure of a bundled scenario that was set so that one validation row comes out as
 * published. Its paths are those {@code --set} takes ({@code workload.lookup.meanNs}, or
 * {@code machine.costs.xchg.value} for a cost of the machine the scenario names); several
 * paths are one parameter when they are fitted together (a sum fitted as one figure, or one
 * hold time written at each take of the same lock), and they move together in the
 * sensitivity runs.
 *
 * @param scenario the scenario file, relative to the scenarios folder
 * @param paths the JSON paths of its value
 * @param what what the figure stands for, in a few words
 */
public record FittedParameter(String scenario, List<String> paths, String what) {
  public FittedParameter {
    paths = List.copyOf(paths);
    if (paths.isEmpty()) {
      throw new IllegalArgumentException("a fitted parameter has at least one path");
    }
  }

  /** One path: {@code new FittedParameter("v3.json", "workload.lookup.meanNs", "lookup work")}. */
  public FittedParameter(String scenario, String path, String what) {
    this(scenario, List.of(path), what);
  }

  /** Its paths, as shown and as {@code validate --json}'s {@code parameter}. */
  public String parameter() {
    return String.join(", ", paths);
  }
}
