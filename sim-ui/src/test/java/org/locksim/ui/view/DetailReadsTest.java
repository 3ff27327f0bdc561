package org.locksim.ui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.locksim.ui.fixture.SmallTrace.NS;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.locksim.trace.CounterKind;
import org.locksim.trace.LodIndex;
import org.locksim.trace.RowKind;
import org.locksim.trace.SummarySpan;
import org.locksim.trace.TraceFile;
import org.locksim.ui.fixture.DenseCounters;
import org.locksim.ui.fixture.SmallTrace;
import org.locksim.ui.timeline.CounterStore;

/**
 * Why: a window finer than the level-of-detail index's finest bucket but holding a large part
 * of the trace used to be read from the file within the frame that first showed it, holding
 * the JavaFX thread for far longer than a frame. Now that frame is drawn from the index's
 * finest level and the window is read on a background thread; the picture is replaced when
 * the read completes, unless the window is no longer shown; a counter track's window finer than
 * its buckets likewise, the track left empty meanwhile. The background and JavaFX threads
 * are queues the test runs by hand, and the reader counts its reads, so each step is seen.
 */
class DetailReadsTest {
  @TempDir
  Path dir;

  private final ArrayDeque<Runnable> background = new ArrayDeque<>();
  private final ArrayDeque<Runnable> fx = new ArrayDeque<>();
  private final List<List<List<SummarySpan>>> returned = new ArrayList<>();
  private int redraws;

  private DetailReads reads(LaneWindowCache cache) {
    // As dense as a trace whose every window is worth reading in the background.
    return new DetailReads(cache, 100.0, background::add, fx::add, () -> redraws++);
  }

  private LaneWindowCache cache(TraceFile t) {
    return new LaneWindowCache((kind, rows, from, to, pp) -> {
      List<List<SummarySpan>> got = t.summaries(kind, rows, from, to, pp);
      returned.add(got);
      return got;
    }, t.startPs(), Long.MAX_VALUE);
  }

  private static void runAll(ArrayDeque<Runnable> queue) {
    while (!queue.isEmpty()) {
      queue.poll().run();
    }
  }

  @Test
  void theFirstFrameIsDrawnFromTheIndexAndReplacedWhenTheReadCompletes() throws Exception {
    try (TraceFile t = SmallTrace.write(dir.resolve("s.lst"))) {
      LodIndex index = LodIndex.build(t, Long.MAX_VALUE / 4);
      LaneWindowCache cache = cache(t);
      DetailReads reads = reads(cache);
      int[] cpus = {0, 1};
      long pp = index.finestPs() / 4;
      long from = 90 * NS;
      long to = from + 1000 * pp;

      List<List<SummarySpan>> first = reads.summaries(index, RowKind.CPU, cpus, from, to, pp);
      assertEquals(0, cache.reads(), "the frame read the file");
      assertTrue(returned.isEmpty(), "the frame read the file");
      assertEquals(String.valueOf(index.summaries(RowKind.CPU, cpus, from, to, index.finestPs())),
          String.valueOf(first), "drawn from the finest level");
      assertTrue(reads.note(from, to, pp).startsWith("reading "), reads.note(from, to, pp));
      assertEquals(1, background.size(), "one read asked for");

      reads.summaries(index, RowKind.CPU, cpus, from + pp, to + pp, pp);
      assertEquals(1, background.size(), "a frame inside the window being read asks again");

      runAll(background);
      assertEquals(1, returned.size(), "read in the background");
      assertEquals(0, redraws, "handed back to the JavaFX thread, not drawn from the reader's");
      runAll(fx);
      assertEquals(1, redraws, "redrawn when the read completed");
      assertEquals(1, reads.installed());

      List<List<SummarySpan>> after = reads.summaries(index, RowKind.CPU, cpus, from, to, pp);
      assertEquals(0, cache.reads(), "the redrawn frame read the file");
      assertEquals("", reads.note(from, to, pp));
      for (int r = 0; r < cpus.length; r++) {
        assertTrue(returned.get(0).get(r).contains(after.get(r).get(0)), "CPU " + r + " from the read");
        assertEquals(exact(t.summaries(RowKind.CPU, new int[] {cpus[r]}, from, to, pp).get(0), from, to),
            exact(after.get(r), from, to), "CPU " + r);
      }
    }
  }

  @Test
  void aReadWhoseWindowIsNoLongerShownIsDroppedAndOneSupersededIsSkipped() throws Exception {
    try (TraceFile t = SmallTrace.write(dir.resolve("s.lst"))) {
      LodIndex index = LodIndex.build(t, Long.MAX_VALUE / 4);
      LaneWindowCache cache = cache(t);
      DetailReads reads = reads(cache);
      int[] tasks = {0, 1};
      long pp = index.finestPs() / 4;
      long a = 90 * NS;
      long b = 300 * NS;
      long width = 1000 * pp;

      reads.summaries(index, RowKind.TASK, tasks, a, a + width, pp);
      runAll(background);
      reads.summaries(index, RowKind.TASK, tasks, b, b + width, pp);
      runAll(fx);
      assertEquals(1, reads.dropped(), "the read of a, completed with b shown");
      assertEquals(0, redraws);
      assertTrue(reads.note(b, b + width, pp).startsWith("reading "), "b still read");

      // b's read is superseded by c's before it starts: it never reads the file.
      long c = 400 * NS;
      reads.summaries(index, RowKind.TASK, tasks, c, c + width, pp);
      assertEquals(2, background.size());
      runAll(background);
      assertEquals(2, returned.size(), "a's read and c's, not b's");
      runAll(fx);
      assertEquals(1, reads.installed());
      assertEquals(1, redraws);

      // Zoomed out to what the index answers: a read completing then is dropped.
      reads.summaries(index, RowKind.TASK, tasks, a, a + width, pp);
      runAll(background);
      reads.notShown(RowKind.TASK);
      runAll(fx);
      assertEquals(2, reads.dropped());
      assertEquals(1, redraws);
    }
  }

  @Test
  void aSmallWindowIsStillReadWithinTheFrame() throws Exception {
    try (TraceFile t = SmallTrace.write(dir.resolve("s.lst"))) {
      LodIndex index = LodIndex.build(t, Long.MAX_VALUE / 4);
      LaneWindowCache cache = cache(t);
      // The small trace's real density: a window of 3 x 1000 pixels holds few records.
      DetailReads reads = new DetailReads(cache, (double) t.recordCount() / (t.endPs() - t.startPs()),
          background::add, fx::add, () -> redraws++);
      long pp = index.finestPs() / 4;
      List<List<SummarySpan>> got = reads.summaries(index, RowKind.CPU, new int[] {1}, 90 * NS,
          90 * NS + 1000 * pp, pp);
      assertEquals(1, cache.reads());
      assertTrue(background.isEmpty());
      assertSame(returned.get(0).get(0).get(0), got.get(0).get(0));
      assertEquals("", reads.note(90 * NS, 90 * NS + 1000 * pp, pp));
    }
  }

  @Test
  void aCounterTracksWindowIsReadInTheBackgroundAndKeptWhenStillShown() throws Exception {
    DenseCounters dense = DenseCounters.write(dir.resolve("dense.lst"), 200_000);
    try (TraceFile t = dense.trace()) {
      CounterStore store = CounterStore.read(t);
      DetailReads reads = reads(cache(t));
      long pp = 100;
      int columns = 1000;
      long from = dense.times()[100_000];
      long to = from + pp * columns;
      assertTrue(!store.holds(CounterKind.RUNQUEUE, 0, from, pp, columns), "finer than the buckets");

      assertNull(reads.counterColumns(store, CounterKind.RUNQUEUE, 0, from, pp, columns),
          "the track waits for the read");
      assertTrue(!store.holds(CounterKind.RUNQUEUE, 0, from, pp, columns), "nothing read in the frame");
      assertTrue(reads.note(from, to, pp).contains("counters left out"), reads.note(from, to, pp));
      assertEquals(1, background.size());

      // Panned elsewhere before the read completes: it is dropped.
      long elsewhere = dense.times()[10_000];
      runAll(background);
      assertNull(reads.counterColumns(store, CounterKind.RUNQUEUE, 0, elsewhere, pp, columns));
      runAll(fx);
      assertEquals(1, reads.dropped());
      assertTrue(!store.holds(CounterKind.RUNQUEUE, 0, from, pp, columns), "the dropped window kept");

      runAll(background);
      runAll(fx);
      assertEquals(1, reads.installed());
      assertEquals(1, redraws);
      assertTrue(store.holds(CounterKind.RUNQUEUE, 0, elsewhere, pp, columns), "kept");
      double[] got = reads.counterColumns(store, CounterKind.RUNQUEUE, 0, elsewhere, pp, columns);
      assertEquals(java.util.Arrays.toString(store.columns(CounterKind.RUNQUEUE, 0, elsewhere, pp, columns)),
          java.util.Arrays.toString(got));
      assertEquals("", reads.note(elsewhere, elsewhere + pp * columns, pp));
    }
  }

  /** The spans as drawn in {@code [from, to)}: clipped to it, with their states. */
  private static String exact(List<SummarySpan> spans, long from, long to) {
    StringBuilder b = new StringBuilder();
    for (SummarySpan s : spans) {
      if (s.endPs() > from && s.startPs() < to) {
        b.append(Math.max(from, s.startPs())).append('-').append(Math.min(to, s.endPs()))
            .append(':').append(s.dominantState()).append(s.merged() ? "m " : " ");
      }
    }
    return b.toString();
  }
}
