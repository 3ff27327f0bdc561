package org.locksim.run.record;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.locksim.run.RunListener;
import org.locksim.scenario.Scenario;

/**
 * Why: the command line's {@code run --trace} and the desktop app record a run through one
 * entry point, {@link TraceRun}; a trace the app records into a temporary file must be the
 * command line's, byte for byte, and a run that fails must leave no file behind either way.
 */
class TraceRunTest {
  @TempDir
  Path dir;

  @Test
  void aTemporaryTraceIsTheNamedOneByteForByte() throws IOException {
    Scenario s = Recorded.small();
    TraceRun named = TraceRun.record(s, 7, dir.resolve("named.lst"));
    TraceRun temporary = TraceRun.recordTemporary(dir, s, 7);
    assertTrue(temporary.file().getFileName().toString().startsWith("locksim-"));
    assertEquals(dir.resolve("named.lst"), named.file());
    assertEquals(Files.size(named.file()), named.traceBytes());
    assertEquals(named.traceBytes(), temporary.traceBytes());
    assertArrayEquals(Files.readAllBytes(named.file()), Files.readAllBytes(temporary.file()));
    assertEquals(named.result().ops(), temporary.result().ops());
  }

  @Test
  void aFailedRunLeavesNoFile() throws IOException {
    RunListener failing = new RunListener() {
      @Override
      public void finished(long endPs) {
        throw new IllegalStateException("listener failed");
      }
    };
    Path file = dir.resolve("failed.lst");
    assertThrows(IllegalStateException.class, () -> TraceRun.record(Recorded.small(), 1, file, failing));
    try (Stream<Path> left = Files.list(dir)) {
      assertEquals(List.of(), left.toList(), "nothing, not even the partial file");
    }
    assertThrows(IllegalStateException.class,
        () -> TraceRun.recordTemporary(dir, Recorded.small(), 1, failing));
    try (Stream<Path> left = Files.list(dir)) {
      assertEquals(List.of(), left.toList(), "no temporary trace either");
    }
  }
}
