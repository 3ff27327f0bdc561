package org.locksim.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Exists because the timeline draws its lanes from the level-of-detail index rather than from
 * the file, so a frame costs the same at a million records as at a thousand: the index must
 * give the spans the file gives where a frame's pixels are one of its levels, the same time per
 * state to within a bucket at each edge of any other frame, the file's own answer when the
 * frame is finer than every level, and the number of arrows that tells the view to hide them.
 */
class LodIndexTest {
    @TempDir
    static Path dir;
    static Path file;
    static SyntheticRun run;

    @BeforeAll
    static void write() throws IOException {
        file = dir.resolve("mix.trace");
        try (TraceWriter w = TraceWriter.open(file, SyntheticRun.header(), 4096)) {
            run = SyntheticRun.write(w, 40_000, 7, true, () -> { });
        }
    }

    /** A span as drawing reads it; the count of merged intervals is left out (see below). */
    private static String drawn(List<SummarySpan> spans, RowKind kind) {
        StringBuilder b = new StringBuilder();
        for (SummarySpan s : spans) {
            b.append(s.startPs()).append('-').append(s.endPs()).append(s.merged() ? " merged" : " exact ")
                .append(s.detail());
            for (int st = 0; st < kind.stateCount(); st++) {
                b.append(' ').append(s.psIn(st));
            }
            b.append('\n');
        }
        return b.toString();
    }

    @Test
    void atALevelsOwnPixelsTheSpansAreTheFiles() throws IOException {
        try (TraceFile t = TraceFile.open(file)) {
            LodIndex index = LodIndex.build(t, 50_000);
            assertTrue(index.levelCount() >= 3, "levels: " + index.levelCount());
            for (int level = 0; level < index.levelCount(); level += 2) {
                long w = index.finestPs() << level;
                long from = t.startPs() + 3 * w;
                long to = from + 200 * w;
                for (RowKind kind : RowKind.values()) {
                    int[] rows = kind == RowKind.TASK ? new int[] {0, 5, 31} : new int[] {0, 3};
                    List<List<SummarySpan>> mine = index.summaries(kind, rows, from, to, w);
                    List<List<SummarySpan>> file = t.summaries(kind, rows, from, to, w);
                    for (int r = 0; r < rows.length; r++) {
                        // A merged bucket's count may differ: an interval split at a finer level's
                        // edge counts twice. Times and states may not.
                        assertEquals(drawn(file.get(r), kind), drawn(mine.get(r), kind),
                            kind + " row " + rows[r] + " at level " + level);
                    }
                }
            }
        }
    }

    @Test
    void atAnyOtherZoomEachStatesTimeIsTheFilesToWithinABucketAtEachEdge() throws IOException {
        try (TraceFile t = TraceFile.open(file)) {
            LodIndex index = LodIndex.build(t, 50_000);
            long span = t.endPs() - t.startPs();
            long from = t.startPs() + span / 7 + 12_345;
            long to = from + span / 3;
            long perPixel = index.finestPs() * 5 + 777;
            int level = 63 - Long.numberOfLeadingZeros(perPixel / index.finestPs());
            long bucket = index.finestPs() << level;
            int[] rows = {0, 1, 2, 3, 4, 5, 6, 7};
            List<List<SummarySpan>> mine = index.summaries(RowKind.CPU, rows, from, to, perPixel);
            List<List<SummarySpan>> file = t.summaries(RowKind.CPU, rows, from, to, perPixel);
            for (int r = 0; r < rows.length; r++) {
                assertTrue(mine.get(r).size() <= 2 * ((to - from) / perPixel + 2), "a few spans per pixel");
                for (int st = 0; st < RowKind.CPU.stateCount(); st++) {
                    long expected = total(file.get(r), st);
                    long got = total(mine.get(r), st);
                    assertTrue(Math.abs(expected - got) <= 2 * bucket, "CPU " + r + " state " + st
                        + ": file " + expected + " ps, index " + got + " ps, bucket " + bucket);
                }
            }
        }
    }

    private static long total(List<SummarySpan> spans, int state) {
        return spans.stream().mapToLong(s -> s.psIn(state)).sum();
    }

    @Test
    void finerThanEveryLevelItIsTheFilesAnswer() throws IOException {
        try (TraceFile t = TraceFile.open(file)) {
            LodIndex index = LodIndex.build(t, 50_000);
            long perPixel = index.finestPs() / 2 + 1;
            long from = t.startPs() + (t.endPs() - t.startPs()) / 2;
            long to = from + 300 * perPixel;
            int[] rows = {2, 9};
            assertEquals(t.summaries(RowKind.TASK, rows, from, to, perPixel).toString(),
                index.summaries(RowKind.TASK, rows, from, to, perPixel).toString());
        }
    }

    @Test
    void countsTheArrowsOfTheWholeRunAndOfAWindowToWithinItsEdges() throws IOException {
        try (TraceFile t = TraceFile.open(file)) {
            LodIndex index = LodIndex.build(t, 50_000);
            assertTrue(run.arrows.size() > 100, "arrows: " + run.arrows.size());
            assertEquals(run.arrows.size(), index.arrowsAbout(t.startPs(), t.endPs() + 1));
            long w = index.finestPs();
            long from = t.startPs() + (t.endPs() - t.startPs()) / 3 + w / 2;
            long to = from + 40 * w;
            long inner = run.arrows.stream().filter(a -> a.fromPs() >= from + w && a.fromPs() < to - w).count();
            long outer = run.arrows.stream().filter(a -> a.fromPs() >= from - w && a.fromPs() < to + w).count();
            long about = index.arrowsAbout(from, to);
            assertTrue(inner <= about && about <= outer, inner + " <= " + about + " <= " + outer);
        }
    }

    /**
     * One CPU busy in 10,000 intervals of 100 ps; a short wakeup (10 ps) every 200 ps, and
     * every 100,000 ps a long one (300,000 ps) written where it ends, as a wakeup after a sleep.
     */
    private static Path arrowsTrace() throws IOException {
        Path f = dir.resolve("arrows.trace");
        try (TraceWriter w = TraceWriter.open(f, new TraceHeader("arrows", 1, 1, 2, 1), 4096)) {
            for (long t = 0; t < 1_000_000; t += 100) {
                w.cpuState(0, t, t + 100, CpuState.SYSTEM, 0, -1);
                if (t % 200 == 0) {
                    w.arrow(ArrowKind.WAKEUP, t, 0, t + 10, 1, 0);
                }
                if (t % 100_000 == 0 && t >= 300_000) {
                    w.arrow(ArrowKind.WAKEUP, t - 300_000, 1, t, 0, 0);
                }
            }
        }
        return f;
    }

    @Test
    void findsTheArrowsOfAWindowAsTheFileDoes() throws IOException {
        try (TraceFile t = TraceFile.open(arrowsTrace())) {
            LodIndex index = LodIndex.build(t, 50_000);
            assertTrue(4 * index.finestPs() < 300_000, "the long arrows are long: " + index.finestPs());
            assertTrue(t.blockCount() > 4, "blocks: " + t.blockCount());
            for (long[] w : new long[][] {{0, 1_000_001}, {250_000, 260_000}, {499_990, 500_005}, {700_000, 700_001}}) {
                List<String> file = t.arrows(w[0], w[1]).stream().map(Arrow::toString).sorted().toList();
                List<String> mine = index.arrows(w[0], w[1]).stream().map(Arrow::toString).sorted().toList();
                assertTrue(!file.isEmpty(), "no arrows in " + w[0] + ".." + w[1]);
                assertEquals(file, mine);
            }
        }
    }
}
