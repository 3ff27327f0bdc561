package org.locksim.cli;

import java.util.List;
import java.util.Optional;
import org.locksim.scenario.Scenario;
import org.locksim.scenario.json.InputError;
import org.locksim.scenario.json.Location;

/**
 * What {@code --paired} needs of {@code compare} and {@code sweep}: run {@code i} of every
 * scenario compared must have the same seed, {@code --seed} plus {@code i} or, without it,
 * each scenario's {@code run.seed} plus {@code i}, so those seeds must agree.
 */
final class PairedSeeds {
  private PairedSeeds() { }

  /** Refuses (exit 2) scenarios whose runs would not share their seeds. */
  static void requireShared(List<Scenario> scenarios, Long seed) {
    if (seed != null || scenarios.isEmpty()) {
      return;
    }
    Scenario first = scenarios.get(0);
    for (Scenario s : scenarios) {
      if (s.run().seed() != first.run().seed()) {
        throw new InputError(new Location("--paired", "", 1, 1),
            "--paired compares runs that share a seed, but " + s.label() + " starts at seed " + s.run().seed()
                + " and " + first.label() + " at " + first.run().seed()
                + "; give --seed N to start them all there", Optional.empty());
      }
    }
  }
}
