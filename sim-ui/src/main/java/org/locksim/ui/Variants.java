package org.locksim.ui;

import java.util.List;
import java.util.Optional;
import org.locksim.scenario.Scenario;
import org.locksim.scenario.json.Names;

/**
 * The variants of a loaded scenario by the names the app shows and the command line takes
 * ({@code --variant}, {@code --compare}): a variant's name, or the scenario's for one without
 * variants; and the one-line message for a name the scenario lacks.
 */
final class Variants {
  private Variants() { }

  /** Returns the names of {@code scenarios}, in the file's order. */
  static List<String> names(List<Scenario> scenarios) {
    return scenarios.stream().map(s -> s.variant().isEmpty() ? s.name() : s.variant()).toList();
  }

  /**
   * Returns what is wrong with {@code wanted} as given to {@code option}, or empty when it is
   * one of {@code names} (or null: not asked for).
   */
  static Optional<String> missing(List<String> names, String wanted, String option) {
    if (wanted == null || names.contains(wanted)) {
      return Optional.empty();
    }
    String near = Names.closest(wanted, names).map(n -> " (did you mean '" + n + "'?)").orElse("");
    return Optional.of("locksim: " + option + ": no variant '" + wanted + "'" + near
        + "; the scenario has " + String.join(", ", names));
  }
}
