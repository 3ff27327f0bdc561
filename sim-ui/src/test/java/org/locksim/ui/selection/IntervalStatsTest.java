package org.locksim.ui.selection;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.locksim.ui.fixture.SmallTrace.NS;

import java.nio.file.Path;
import java.util.BitSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.locksim.trace.TraceFile;
import org.locksim.ui.fixture.SmallTrace;

/**
 * Checks the selection's figures against a hand-written trace whose every number is known:
 * clipping to the selection, waits measured whole, lanes left out when not selected.
 */
class IntervalStatsTest {
  @TempDir
  Path dir;

  @Test
  void timePerStateIsClippedToTheSelection() throws Exception {
    try (TraceFile t = SmallTrace.write(dir.resolve("s.lst"))) {
      Figures f = IntervalStats.measure(t, Selection.allLanes(50 * NS, 250 * NS, 2, 2, 1));
      // CPU 1: USER 50 ns, SPINNING 150 ns (IDLE, USER, SYSTEM, SPINNING, SWITCHING).
      assertArrayEquals(new long[] {0, 50 * NS, 0, 150 * NS, 0}, f.cpus().get(1).psByState());
      assertArrayEquals(new long[] {0, 50 * NS, 150 * NS, 0, 0}, f.cpus().get(0).psByState());
      // beta: RUNNING 50 ns, SPINNING 150 ns.
      assertArrayEquals(new long[] {50 * NS, 0, 150 * NS, 0, 0}, f.tasks().get(1).psByState());
    }
  }

  @Test
  void aWaitThatBeganInTheSelectionCountsWholeAsOneContention() throws Exception {
    try (TraceFile t = SmallTrace.write(dir.resolve("s.lst"))) {
      Figures f = IntervalStats.measure(t, Selection.allLanes(50 * NS, 150 * NS, 2, 2, 1));
      Figures.Lock m = f.locks().get(0);
      assertEquals(1, m.acquisitions(), "alpha's hold began at 100 ns");
      assertEquals(1, m.contentions(), "beta's two spinning intervals are one wait");
      assertEquals(200 * NS, m.waitPs().getMaxValue(), 200 * NS / 1000.0);
      assertEquals(200 * NS, m.holdPs().getMaxValue(), 200 * NS / 1000.0);
    }
  }

  @Test
  void holdsBeforeTheSelectionAndMigrationsAfterItAreNotCounted() throws Exception {
    try (TraceFile t = SmallTrace.write(dir.resolve("s.lst"))) {
      Figures f = IntervalStats.measure(t, Selection.allLanes(150 * NS, 400 * NS, 2, 2, 1));
      assertEquals(1, f.locks().get(0).acquisitions(), "only beta's hold at 300 ns");
      assertEquals(0, f.locks().get(0).contentions());
      assertEquals(0, f.tasks().get(1).migrations(), "the migration arrives at 400 ns, excluded");
      Figures g = IntervalStats.measure(t, Selection.allLanes(150 * NS, 401 * NS, 2, 2, 1));
      assertEquals(1, g.tasks().get(1).migrations());
    }
  }

  @Test
  void onlyTheSelectedLanesAreListed() throws Exception {
    try (TraceFile t = SmallTrace.write(dir.resolve("s.lst"))) {
      BitSet one = new BitSet();
      one.set(1);
      Figures f = IntervalStats.measure(t, new Selection(0, 500 * NS, one, new BitSet(), one));
      assertEquals(1, f.cpus().size());
      assertEquals(1, f.cpus().get(0).cpu());
      assertTrue(f.tasks().isEmpty());
      assertTrue(f.locks().isEmpty(), "lock 1 does not exist");
    }
  }

  @Test
  void theTextHasOneLinePerLaneAndThePercentiles() throws Exception {
    try (TraceFile t = SmallTrace.write(dir.resolve("s.lst"))) {
      String text = StatsText.format(IntervalStats.measure(t, Selection.allLanes(0, 500 * NS, 2, 2, 1)));
      assertTrue(text.startsWith("Selection 0 ps to 500 ns (500 ns): 2 CPUs, 2 tasks, 1 locks"), text);
      assertTrue(text.matches("(?s).*\\nCPU 0 +40\\.0 +20\\.0 +40\\.0 .*"), text);
      assertTrue(text.matches("(?s).*\\nm +2 +1  .*"), text);
      assertTrue(text.contains("200 ns / 200 ns / 200 ns / 200 ns"), text);
    }
  }
}
