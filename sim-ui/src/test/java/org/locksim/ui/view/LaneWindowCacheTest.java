package org.locksim.ui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.locksim.ui.fixture.SmallTrace.NS;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.locksim.trace.RowKind;
import org.locksim.trace.SummarySpan;
import org.locksim.trace.TraceFile;
import org.locksim.ui.fixture.SmallTrace;

/**
 * Why: zoomed in past the level-of-detail index's finest bucket, every frame used to read the
 * trace file again; panning inside the window read last must not, and must still draw the
 * same intervals. Checked with a reader that counts its reads, and through a view's {@link
 * LaneSource} with its index built.
 */
class LaneWindowCacheTest {
  @TempDir
  Path dir;

  /** The exact spans as drawn in {@code [from, to)}: clipped to it, with their states. */
  private static String exact(List<SummarySpan> spans, long from, long to) {
    StringBuilder b = new StringBuilder();
    for (SummarySpan s : spans) {
      if (!s.merged() && s.endPs() > from && s.startPs() < to) {
        b.append(Math.max(from, s.startPs())).append('-').append(Math.min(to, s.endPs()))
            .append(':').append(s.dominantState()).append(' ');
      }
    }
    return b.toString();
  }

  @Test
  void panningInsideTheWindowReadDoesNotReadAgain() throws Exception {
    try (TraceFile t = SmallTrace.write(dir.resolve("s.lst"))) {
      List<long[]> reads = new ArrayList<>();
      LaneWindowCache cache = new LaneWindowCache((kind, rows, from, to, pp) -> {
        reads.add(new long[] {rows.length, from, to, pp});
        return t.summaries(kind, rows, from, to, pp);
      }, t.startPs(), Long.MAX_VALUE);
      int[] cpus = {0, 1};
      long pp = 100;
      long from = 80 * NS;
      long to = from + 1000 * pp;
      List<List<SummarySpan>> first = cache.summaries(RowKind.CPU, cpus, from, to, pp);
      assertEquals(1, reads.size());
      assertEquals(0, (reads.get(0)[1] - t.startPs()) % pp, "a grid aligned to the run's start");
      assertTrue(reads.get(0)[1] <= from - 1000 * pp && reads.get(0)[2] >= to + 1000 * pp,
          "three times the frame read");
      List<List<SummarySpan>> direct = t.summaries(RowKind.CPU, cpus, from, to, pp);
      for (int r = 0; r < cpus.length; r++) {
        assertEquals(exact(direct.get(r), from, to), exact(first.get(r), from, to), "CPU " + r);
        for (SummarySpan s : first.get(r)) {
          assertTrue(s.endPs() >= from && s.startPs() < to, "meets the frame");
        }
      }

      long panned = from + 700 * pp + 37;
      List<List<SummarySpan>> moved = cache.summaries(RowKind.CPU, cpus, panned, panned + 1000 * pp, pp);
      assertEquals(1, reads.size(), "panning inside the window read");
      List<List<SummarySpan>> movedDirect = t.summaries(RowKind.CPU, cpus, panned, panned + 1000 * pp, pp);
      assertEquals(exact(movedDirect.get(1), panned, panned + 1000 * pp),
          exact(moved.get(1), panned, panned + 1000 * pp));

      cache.summaries(RowKind.CPU, new int[] {1}, panned, panned + 1000 * pp, pp);
      assertEquals(1, reads.size(), "a lane kept");
      cache.summaries(RowKind.TASK, new int[] {0, 1}, panned, panned + 1000 * pp, pp);
      assertEquals(2, reads.size(), "another kind reads its own window");
      cache.summaries(RowKind.CPU, cpus, panned + 2000 * pp, panned + 3000 * pp, pp);
      assertEquals(3, reads.size(), "panning out of the window reads again");
      cache.summaries(RowKind.CPU, cpus, panned + 2000 * pp, panned + 2500 * pp, pp / 2);
      assertEquals(4, reads.size(), "another zoom reads again");

      LaneWindowCache narrow = new LaneWindowCache((kind, rows, a, b, p) -> {
        reads.add(new long[] {rows.length, a, b, p});
        return t.summaries(kind, rows, a, b, p);
      }, t.startPs(), 50 * pp);
      narrow.summaries(RowKind.CPU, cpus, from, to, pp);
      long[] last = reads.get(reads.size() - 1);
      assertTrue(last[1] >= from - 51 * pp && last[2] == to + 50 * pp, "at most the margin beyond");
    }
  }

  @Test
  void aViewsLanesFinerThanTheIndexReadTheFileOnceWhilePanning() throws Exception {
    try (TraceFile t = SmallTrace.write(dir.resolve("s.lst"))) {
      LaneSource source = new LaneSource(t, () -> { });
      source.buildNow();
      long pp = 2;
      long from = 100 * NS;
      for (int step = 0; step < 10; step++) {
        long at = from + step * 300;
        source.summaries(RowKind.TASK, new int[] {0, 1}, at, at + 1600 * pp, pp);
      }
      assertEquals(1, source.gapReads(), "ten frames panning by 300 ps in a window of 3.2 ns");
      source.summaries(RowKind.TASK, new int[] {0, 1}, t.startPs(), t.endPs(), 300);
      assertEquals(1, source.gapReads(), "a frame the index answers");
    }
  }
}
