package org.locksim.bench.frame;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.locksim.run.record.TraceRun;
import org.locksim.scenario.Scenario;
import org.locksim.scenario.ScenarioLoader;
import org.locksim.trace.TraceFile;

/**
 * The traces {@link FrameBench} draws: the README's example of the desktop app (V2, Linux's
 * adaptive mutex with owner spinning, 16 CPUs and 128 tasks on one mutex) recorded for as long
 * as it takes to write about the wanted number of records. The run is the app's own
 * ({@link TraceRun#record}, as {@code locksim run --trace} writes it); its records grow with
 * the simulated time at about {@link #RECORDS_PER_MS} per millisecond, so a larger trace is a
 * longer run of the same density, not a denser one. A trace is written once, under
 * {@code sim-bench/target/frame-traces/}, and reused by later runs of the benchmark.
 */
final class FrameTraces {
  /**
   * Records per simulated millisecond of the example: 1,268,333 records in its 220 ms (20 ms
   * warm-up and 200 ms measured, seed 1), measured with {@code locksim run --trace}.
   */
  static final double RECORDS_PER_MS = 1_268_333 / 220.0;

  private FrameTraces() { }

  /** Opens the example's trace of about {@code records} records, writing it on first use. */
  static TraceFile about(long records) throws IOException {
    long ms = Math.max(1, Math.round(records / RECORDS_PER_MS));
    Path dir = Path.of("sim-bench", "target", "frame-traces");
    Path file = dir.resolve("v2-owner-spin-" + ms + "ms.lst");
    if (!Files.isRegularFile(file)) {
      Files.createDirectories(dir);
      TraceRun.record(example(ms), 1, file);
    }
    return TraceFile.open(file);
  }

  private static Scenario example(long ms) {
    List<Scenario> all = ScenarioLoader.standard().load(
        Path.of("scenarios", "v2-linux-adaptive-spin.json"),
        new ArrayList<>(List.of("run.warmupMs=0", "run.durationMs=" + ms)));
    return all.stream().filter(s -> s.variant().equals("owner-spin")).findFirst().orElseThrow();
  }
}
