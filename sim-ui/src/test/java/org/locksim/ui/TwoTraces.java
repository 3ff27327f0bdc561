package org.locksim.ui;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.locksim.run.record.TraceRun;
import org.locksim.scenario.ScenarioLoader;
import org.locksim.trace.TraceFile;

/**
 * Two recorded traces to compare, for the aligned-comparison tests: the V2 run of 2 ms on its
 * own machine ({@code a.lst}) and on a Pentium 4 ({@code b.lst}), which takes the lock later.
 */
final class TwoTraces {
  static final Path V2 = Path.of("../scenarios/v2-linux-adaptive-spin.json");
  static final List<String> SHORT = List.of("run.warmupMs=0", "run.durationMs=2");

  private TwoTraces() { }

  /** Records {@code a.lst} and {@code b.lst} in {@code dir} and returns their paths. */
  static List<Path> record(Path dir) throws Exception {
    ScenarioLoader loader = ScenarioLoader.standard();
    Path a = TraceRun.record(loader.load(V2, SHORT).get(1), 1, dir.resolve("a.lst")).file();
    List<String> p4 = new ArrayList<>(SHORT);
    p4.add("machine=pentium4");
    Path b = TraceRun.record(loader.load(V2, p4).get(0), 2, dir.resolve("b.lst")).file();
    return List.of(a, b);
  }

  /** Returns when {@code t}'s first lock is first acquired. */
  static long firstAcquisition(TraceFile t) {
    return t.lockHolds(0, t.startPs(), t.endPs() + 1).get(0).startPs();
  }
}
