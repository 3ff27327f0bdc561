package org.locksim.cli;

import java.util.Optional;
import org.locksim.run.Parallel;
import org.locksim.scenario.json.InputError;
import org.locksim.scenario.json.Location;
import picocli.CommandLine.Option;

/**
 * {@code --jobs N}: how many runs go on at once, each on its own thread; by default one per
 * core. The commands that take it hand back results in their inputs' order, so what they print
 * does not depend on it.
 */
final class JobsOption {
  @Option(names = "--jobs", paramLabel = "N",
      description = "runs at once, each on its own thread (default: one per core); the results"
          + " are the same for any N")
  Integer jobs;

  /** The number of runs at once; bad input (below 1, above 1024) is an InputError. */
  int workers() {
    int workers = jobs != null ? jobs : Parallel.cores();
    if (workers < 1 || workers > 1024) {
      throw new InputError(new Location("--jobs", "", 1, 1),
          "expected from 1 to 1024 runs at once, got " + workers, Optional.empty());
    }
    return workers;
  }
}
