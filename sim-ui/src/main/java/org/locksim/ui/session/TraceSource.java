package org.locksim.ui.session;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import org.locksim.trace.Recovery;
import org.locksim.trace.TraceFile;
import org.locksim.trace.TraceHeader;

/**
 * Opens a trace file written by {@code locksim run --trace}. A damaged trace opens with its
 * intact prefix, as {@code locksim export --recover} reads it, and the report says so.
 */
public final class TraceSource {
  private static final byte[] MAGIC = "LKSTRACE".getBytes(StandardCharsets.US_ASCII);

  private TraceSource() { }

  /** Returns true when {@code file} starts like a locksim trace (otherwise: a scenario). */
  public static boolean isTrace(Path file) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      return Arrays.equals(in.readNBytes(MAGIC.length), MAGIC);
    }
  }

  /**
   * Returns {@code name} as the trace to compare a trace with ({@code --compare}); a scenario
   * variant will not do, and the mistake is an {@link IllegalArgumentException} saying so.
   */
  public static Path second(String name) throws IOException {
    Path p = Path.of(name);
    if (!Files.isRegularFile(p) || !isTrace(p)) {
      throw new IllegalArgumentException("locksim: --compare: with a trace, expected a second"
          + " trace file (.lst), got '" + name + "'");
    }
    return p;
  }

  /** Opens {@code file}; its title is the scenario and seed its header names. */
  public static Opened open(Path file) throws IOException {
    TraceFile trace = TraceFile.open(file, Recovery.PREFIX);
    TraceHeader h = trace.header();
    String title = h.scenario() + ", seed " + h.seed() + " (" + file.getFileName() + ")";
    String report = String.format(Locale.ROOT,
        "trace %s%nscenario %s, seed %d%n%d CPUs, %d tasks, %d locks%n%s%n", file, h.scenario(),
        h.seed(), trace.cpuCount(), trace.taskCount(), trace.lockCount(),
        trace.integrity().message());
    return new Opened(title, trace, report, false);
  }
}
