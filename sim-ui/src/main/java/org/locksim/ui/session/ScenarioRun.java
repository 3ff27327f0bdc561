package org.locksim.ui.session;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.locksim.report.perf.PerfStatFormat;
import org.locksim.run.RunResult;
import org.locksim.run.record.TraceRun;
import org.locksim.scenario.Scenario;
import org.locksim.trace.TraceFile;

/**
 * Runs one scenario variant as {@code locksim run FILE --variant V --seed S --trace OUT} does,
 * with the timeline streamed to a temporary trace file that the returned {@link Opened} owns.
 * Same scenario and seed give the same trace, byte for byte, as the command line writes.
 */
public final class ScenarioRun {
  private ScenarioRun() { }

  /** Runs {@code s} with {@code seed} and opens the trace it recorded. */
  public static Opened run(Scenario s, long seed) throws IOException {
    Path file = Files.createTempFile("locksim-", ".lst");
    try {
      RunResult r = record(s, seed, file);
      TraceFile trace = TraceFile.open(file);
      return new Opened(s.label() + ", seed " + seed, trace, PerfStatFormat.format(List.of(r)), true);
    } catch (IOException | RuntimeException | Error e) {
      Files.deleteIfExists(file);
      throw e;
    }
  }

  /** Runs {@code s} with {@code seed}, writing its trace to {@code file} ({@link TraceRun}). */
  public static RunResult record(Scenario s, long seed, Path file) throws IOException {
    return TraceRun.record(s, seed, file).result();
  }
}
