package org.locksim.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.locksim.scenario.Scenario;
import org.locksim.scenario.ScenarioLoader;

/**
 * Loads the variant of a scenario that an end-to-end benchmark runs: the bundled
 * reproductions under {@code scenarios/}, the benchmark inputs under {@code sim-bench/scenarios/},
 * both read from the project's root as the CLI reads them, with {@code --set} overrides.
 */
final class Reproductions {
  private Reproductions() {}

  /** The variant named {@code variant} of {@code scenarios/FILE}, with {@code sets} applied. */
  static Scenario bundled(String file, String variant, String... sets) {
    return pick(Path.of("scenarios", file), variant, sets);
  }

  /** The only scenario of {@code sim-bench/scenarios/FILE}, with {@code sets} applied. */
  static Scenario benchInput(String file, String... sets) {
    return pick(Path.of("sim-bench", "scenarios", file), null, sets);
  }

  private static Scenario pick(Path file, String variant, String... sets) {
    List<Scenario> all = ScenarioLoader.standard().load(file, new ArrayList<>(List.of(sets)));
    if (variant == null) {
      return all.get(0);
    }
    return all.stream().filter(s -> s.variant().equals(variant)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException(file + " has no variant " + variant));
  }
}
