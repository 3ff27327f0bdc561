package org.locksim.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.locksim.cli.MainTest.Outcome;

/**
 * Why: the Chrome JSON of a trace is many times the trace's size (17x for the V2 example of
 * docs/outputs.md); {@code -o trace.json.gz} writes it gzip'd, which Perfetto opens as it is, at
 * no more than three times the trace's size, with the same events.
 */
class CompressedExportTest {
  @TempDir
  Path dir;

  @Test
  void aGzOutputIsTheSameJsonCompressedToAtMostThreeTimesTheTrace() throws IOException {
    Path trace = dir.resolve("t.lst");
    Outcome rec = MainTest.run("run", OutputCommandsTest.SMALL, "--trace", trace.toString());
    assertEquals(0, rec.status(), rec.err());
    Path json = dir.resolve("t.json");
    Path gz = dir.resolve("t.json.gz");
    assertEquals(0, MainTest.run("export", "--format", "chrome", trace.toString(), "-o", json.toString()).status());
    Outcome o = MainTest.run("export", "--format", "chrome", trace.toString(), "-o", gz.toString());
    assertEquals(0, o.status(), o.err());
    try (InputStream in = new GZIPInputStream(Files.newInputStream(gz))) {
      assertArrayEquals(Files.readAllBytes(json), in.readAllBytes());
    }
    long traceBytes = Files.size(trace);
    assertTrue(Files.size(json) > 3 * traceBytes, "the plain JSON is the large one: " + Files.size(json));
    assertTrue(Files.size(gz) <= 3 * traceBytes, gz + " is " + Files.size(gz) + " bytes for a trace of " + traceBytes);
  }
}
