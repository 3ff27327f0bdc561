package org.locksim.cli;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Standard output that remembers why a write failed, which {@link PrintWriter} and
 * {@link java.io.PrintStream} keep to themselves: a CSV cut short by a full disk must not end
 * in status 0. A reader that closed the pipe ({@code locksim ... | head}) is not an error: the
 * command stops quietly, as Unix filters do.
 */
final class StandardOutput extends OutputStream {
  /** Exit status when standard output could not be written. */
  static final int WRITE_FAILED = Main.BAD_INPUT;

  private final OutputStream out;
  private IOException failure;

  StandardOutput(OutputStream out) {
    this.out = out;
  }

  /** A UTF-8 writer onto this stream, flushed by the caller. */
  PrintWriter writer() {
    return new PrintWriter(new OutputStreamWriter(new BufferedOutputStream(this, 1 << 16), StandardCharsets.UTF_8));
  }

  @Override
  public void write(int b) throws IOException {
    write(new byte[] {(byte) b}, 0, 1);
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    if (failure != null) {
      throw failure;
    }
    try {
      out.write(b, off, len);
    } catch (IOException e) {
      failure = e;
      throw e;
    }
  }

  @Override
  public void flush() throws IOException {
    if (failure != null) {
      throw failure;
    }
    try {
      out.flush();
    } catch (IOException e) {
      failure = e;
      throw e;
    }
  }

  /**
   * The status to exit with, given the command's {@code status}: unchanged when every write went
   * through or the reader closed the pipe; {@link #WRITE_FAILED}, with the reason on {@code err},
   * when a write failed otherwise.
   */
  int finish(PrintWriter writer, int status, PrintWriter err) {
    writer.flush();
    if (failure == null || closedPipe(failure)) {
      return status;
    }
    String why = failure.getMessage() == null ? failure.getClass().getSimpleName() : failure.getMessage();
    err.println("locksim: cannot write standard output: " + why);
    err.flush();
    return WRITE_FAILED;
  }

  static boolean closedPipe(IOException e) {
    String m = e.getMessage() == null ? "" : e.getMessage().toLowerCase(Locale.ROOT);
    return m.contains("broken pipe") || m.contains("stream closed") || m.contains("epipe");
  }
}
