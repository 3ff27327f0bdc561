package org.locksim.ui.session;

import java.io.Closeable;
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
 * One timeline the app shows: its trace, a title, and the text report beside it (the perf stat
 * block of a run, or a trace's header and integrity). A trace recorded by the app lives in a
 * temporary file that {@link #close} deletes.
 *
 * @param title what the view's heading says, e.g. {@code v2-linux-adaptive-spin/owner-spin, seed 1}
 * @param trace the open trace
 * @param report the text shown beside the timeline
 * @param temporary true when {@code trace}'s file is the app's own and goes away on close
 */
public record Opened(String title, TraceFile trace, String report, boolean temporary)
    implements Closeable {

  /**
   * Runs {@code s} with {@code seed} as {@code locksim run FILE --variant V --seed S --trace OUT}
   * does ({@link TraceRun}, the same bytes), its timeline recorded to a temporary trace that
   * the result owns, and its perf stat block as the report.
   */
  public static Opened run(Scenario s, long seed) throws IOException {
    TraceRun run = TraceRun.recordTemporary(Path.of(System.getProperty("java.io.tmpdir")), s, seed);
    try {
      TraceFile trace = TraceFile.open(run.file());
      RunResult r = run.result();
      return new Opened(s.label() + ", seed " + seed, trace, PerfStatFormat.format(List.of(r)), true);
    } catch (IOException | RuntimeException | Error e) {
      Files.deleteIfExists(run.file());
      throw e;
    }
  }

  @Override
  public void close() throws IOException {
    Path file = trace.path();
    trace.close();
    if (temporary) {
      Files.deleteIfExists(file);
    }
  }
}
