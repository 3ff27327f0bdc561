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
 * @param shiftPs how far the trace's times are moved on the time axis the timelines share
 *     (0 but for a second timeline aligned at an event: its time {@code t} is drawn at
 *     {@code t + shiftPs})
 */
public record Opened(String title, TraceFile trace, String report, boolean temporary, long shiftPs)
    implements Closeable {

  /** A timeline at its own times (not moved along the shared axis). */
  public Opened(String title, TraceFile trace, String report, boolean temporary) {
    this(title, trace, report, temporary, 0);
  }

  /** The same timeline moved by {@code ps} along the shared axis (instead of its shift so far). */
  public Opened shifted(long ps) {
    return new Opened(title, trace, report, temporary, ps);
  }

  /** Returns the shared axis's time of this trace's time {@code ps}. */
  public long axisPs(long ps) {
    return ps + shiftPs;
  }

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
