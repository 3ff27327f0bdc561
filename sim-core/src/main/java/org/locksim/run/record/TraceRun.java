package org.locksim.run.record;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.locksim.run.RunListener;
import org.locksim.run.RunResult;
import org.locksim.run.Simulator;
import org.locksim.scenario.Scenario;
import org.locksim.trace.TraceWriter;

/**
 * One run with its timeline recorded, the one way the command line ({@code run --trace}), the
 * desktop app and the benchmarks record a run: the trace streams to a hidden partial file
 * beside its target that is renamed onto it when the run ends, so the same scenario and seed
 * give the same trace, byte for byte, whichever records it; a run that fails leaves no file
 * behind.
 *
 * @param result the run's figures
 * @param file the trace written
 * @param traceBytes the size of the trace written
 */
public record TraceRun(RunResult result, Path file, long traceBytes) {
  /**
   * Runs {@code s} with {@code seed}, its timeline written to {@code file}, with {@code others}
   * (null entries skipped) listening beside the recorder.
   *
   * @throws IOException when the trace cannot be written; nothing is left at {@code file}
   */
  public static TraceRun record(Scenario s, long seed, Path file, RunListener... others) throws IOException {
    TraceWriter writer = TraceWriter.open(file, TraceRecorder.header(s, seed));
    try {
      RunListener[] all = new RunListener[others.length + 1];
      all[0] = TraceRecorder.to(writer);
      System.arraycopy(others, 0, all, 1, others.length);
      RunResult r = Simulator.run(s, seed, Listeners.of(all));
      writer.close();
      return new TraceRun(r, file, writer.bytesWritten());
    } catch (UncheckedIOException e) {
      writer.abort();
      throw e.getCause();
    } catch (IOException | RuntimeException | Error e) {
      writer.abort();
      throw e;
    }
  }

  /**
   * As {@link #record}, into a new file {@code locksim-*.lst} of {@code dir} (the desktop app
   * gives the system's temporary directory) that the caller owns and deletes; a run that fails
   * deletes it.
   */
  public static TraceRun recordTemporary(Path dir, Scenario s, long seed, RunListener... others)
      throws IOException {
    Path file = Files.createTempFile(dir, "locksim-", ".lst");
    try {
      return record(s, seed, file, others);
    } catch (IOException | RuntimeException | Error e) {
      Files.deleteIfExists(file);
      throw e;
    }
  }
}
