package org.locksim.run.record;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.locksim.run.RunListener;
import org.locksim.run.RunResult;
import org.locksim.scenario.Scenario;
import org.locksim.scenario.ScenarioLoader;

/** Test fixture: the small contention scenario, and a run of it recorded into a trace. */
public final class Recorded {
  /** 12 tasks on 8 CPUs taking a TTAS spin lock and a sleep mutex in turn (test resource). */
  public static final Path SMALL = Path.of("src", "test", "resources", "scenarios", "contention-small.json");

  private Recorded() { }

  public static Scenario small(String... sets) {
    return ScenarioLoader.standard().load(SMALL, List.of(sets)).get(0);
  }

  /** Runs {@code s} with {@code seed}, recording its trace into {@code file}, also telling {@code also}. */
  public static RunResult trace(Scenario s, long seed, Path file, RunListener also) throws IOException {
    return TraceRun.record(s, seed, file, also).result();
  }
}
