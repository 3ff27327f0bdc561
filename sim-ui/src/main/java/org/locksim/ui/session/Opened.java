package org.locksim.ui.session;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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

  @Override
  public void close() throws IOException {
    Path file = trace.path();
    trace.close();
    if (temporary) {
      Files.deleteIfExists(file);
    }
  }
}
