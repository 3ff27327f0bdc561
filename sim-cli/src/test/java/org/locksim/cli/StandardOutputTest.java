package org.locksim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/**
 * Why: an output cut short by a full disk must not end in status 0 (a CSV cut at 200 KB once
 * did), while a reader that closes the pipe early ({@code | head}) is no error at all.
 */
class StandardOutputTest {
  /** Takes {@code room} bytes, then fails as {@code message} says. */
  static final class Filling extends OutputStream {
    final ByteArrayOutputStream kept = new ByteArrayOutputStream();
    final int room;
    final String message;

    Filling(int room, String message) {
      this.room = room;
      this.message = message;
    }

    @Override
    public void write(int b) throws IOException {
      if (kept.size() >= room) {
        throw new IOException(message);
      }
      kept.write(b);
    }
  }

  static int run(OutputStream stream, StringWriter err, String... args) {
    StandardOutput stdout = new StandardOutput(stream);
    PrintWriter out = stdout.writer();
    PrintWriter e = new PrintWriter(err);
    return stdout.finish(out, Main.execute(args, out, e), e);
  }

  @Test
  void aFullDiskIsAnErrorWithItsReason() {
    StringWriter err = new StringWriter();
    int status = run(new Filling(100, "No space left on device"), err, "models");
    assertEquals(2, status);
    assertEquals("locksim: cannot write standard output: No space left on device\n", err.toString());
  }

  @Test
  void aClosedPipeStopsQuietly() {
    StringWriter err = new StringWriter();
    Filling pipe = new Filling(100, "Broken pipe");
    assertEquals(0, run(pipe, err, "models"));
    assertEquals("", err.toString());
    assertEquals(100, pipe.kept.size());
  }

  @Test
  void aCompleteWriteKeepsTheCommandsStatus() {
    StringWriter err = new StringWriter();
    Filling roomy = new Filling(1 << 20, "never");
    assertEquals(0, run(roomy, err, "models"));
    assertTrue(roomy.kept.toString().startsWith("NAME "), roomy.kept.toString());
    assertEquals(2, run(roomy, err, "run", "no-such-file.json"), "bad input keeps its status");
  }
}
