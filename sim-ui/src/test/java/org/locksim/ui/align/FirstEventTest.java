package org.locksim.ui.align;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.locksim.trace.TraceFile;
import org.locksim.ui.fixture.SmallTrace;

/**
 * Why: an alignment is only as right as the event time it finds; on a trace written by hand
 * every event's time is known, so each kind is checked against it, and a kind that names a
 * lock or task that never has that event is said in words.
 */
class FirstEventTest {
  @TempDir
  Path dir;

  @Test
  void eachKindFindsItsFirstEvent() throws IOException {
    try (TraceFile t = SmallTrace.write(dir.resolve("small.lst"))) {
      assertEquals(100 * SmallTrace.NS, FirstEvent.timeOf(AlignAt.parse("acquire:m"), t, "small"));
      assertEquals(300 * SmallTrace.NS, FirstEvent.timeOf(AlignAt.parse("handoff:m"), t, "small"));
      assertEquals(400 * SmallTrace.NS, FirstEvent.timeOf(AlignAt.parse("migration:beta"), t, "small"));
      assertEquals(0, AlignAt.parse("handoff:m").shiftPs(t, "a", t, "b"));
    }
  }

  @Test
  void anEventThatNeverHappensIsSaid() throws IOException {
    try (TraceFile t = SmallTrace.write(dir.resolve("small.lst"))) {
      assertEquals("--align wakeup:alpha: task 'alpha' has no wakeup in small", assertThrows(
          IllegalArgumentException.class,
          () -> FirstEvent.timeOf(AlignAt.parse("wakeup:alpha"), t, "small")).getMessage());
      assertEquals("--align migration:alpa: small has no task 'alpa' (did you mean 'alpha'?);"
          + " its tasks: alpha, beta", assertThrows(IllegalArgumentException.class,
          () -> FirstEvent.timeOf(AlignAt.parse("migration:alpa"), t, "small")).getMessage());
    }
  }
}
