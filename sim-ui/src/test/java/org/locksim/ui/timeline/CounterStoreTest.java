package org.locksim.ui.timeline;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.locksim.ui.fixture.SmallTrace.NS;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.locksim.trace.CounterKind;
import org.locksim.trace.TraceFile;
import org.locksim.ui.fixture.SmallTrace;

/**
 * Reduces the hand-written trace's waiters counter (0 at 0, 1 at 100 ns, 0 at 300 ns) to pixel
 * columns: exact when a column is narrower than a step, the highest value when wider, so a
 * short spike survives any zoom.
 */
class CounterStoreTest {
  @TempDir
  Path dir;

  @Test
  void columnsHoldTheHighestValueTheCounterReachedInThem() throws Exception {
    try (TraceFile t = SmallTrace.write(dir.resolve("s.lst"))) {
      CounterStore s = CounterStore.read(t);
      assertTrue(s.has(CounterKind.WAITERS, 0));
      assertFalse(s.has(CounterKind.RUNQUEUE, 0));
      assertEquals(1, s.max(CounterKind.WAITERS, 0));
      assertEquals(3, s.sampleCount());
      assertArrayEquals(new double[] {0, 1, 1, 0, 0},
          s.columns(CounterKind.WAITERS, 0, 0, 100 * NS, 5));
      assertArrayEquals(new double[] {1, 0}, s.columns(CounterKind.WAITERS, 0, 0, 300 * NS, 2),
          "the first column holds both 0 and 1: its highest is 1");
      assertArrayEquals(new double[] {1, 1}, s.columns(CounterKind.WAITERS, 0, 150 * NS, 50 * NS, 2),
          "a window that starts between samples takes the value in effect");
    }
  }

  @Test
  void aCounterWithoutSamplesHasNoColumns() throws Exception {
    try (TraceFile t = SmallTrace.write(dir.resolve("s.lst"))) {
      double[] c = CounterStore.read(t).columns(CounterKind.RUNQUEUE, 1, 0, NS, 3);
      assertTrue(Double.isNaN(c[0]) && Double.isNaN(c[2]));
    }
  }
}
