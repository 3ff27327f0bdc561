package org.locksim.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Exists because the timeline view asks for one row at its resolution and must get at most a
 * few spans per pixel that still say which state dominated each pixel and by how much.
 */
class LevelOfDetailTest {
    @TempDir
    Path dir;

    /** CPU 0: 50 pairs of USER 15 ps + SPINNING 5 ps in [0, 1000), IDLE [1000, 3000), SYSTEM [3000, 3005). */
    private TraceFile knownPattern() throws IOException {
        Path file = dir.resolve("lod.trace");
        try (TraceWriter w = TraceWriter.open(file, new TraceHeader("lod", 1, 1, 1, 1))) {
            for (long t = 0; t < 1000; t += 20) {
                w.cpuState(0, t, t + 15, CpuState.USER, 0, -1);
                w.cpuState(0, t + 15, t + 20, CpuState.SPINNING, 0, -1);
            }
            w.cpuState(0, 1000, 3000, CpuState.IDLE, -1, -1);
            w.cpuState(0, 3000, 3005, CpuState.SYSTEM, 0, -1);
            w.lockHeld(0, 10, 40, 0);
            w.lockHeld(0, 60, 70, 0);
        }
        return TraceFile.open(file);
    }

    @Test
    void subPixelIntervalsMergeIntoOneSpanPerPixelWithStateShares() throws IOException {
        try (TraceFile t = knownPattern()) {
            List<SummarySpan> spans = t.summary(RowKind.CPU, 0, 0, 4000, 100);
            assertEquals(12, spans.size(), spans.toString());
            for (int p = 0; p < 10; p++) {
                SummarySpan s = spans.get(p);
                assertTrue(s.merged());
                assertEquals(p * 100L, s.startPs());
                assertEquals(p * 100L + 100, s.endPs());
                assertEquals(10, s.intervalCount());
                assertEquals(CpuState.USER.ordinal(), s.dominantState());
                assertEquals(75, s.psIn(CpuState.USER.ordinal()));
                assertEquals(0.25, s.share(CpuState.SPINNING.ordinal()), 1e-12);
            }
            SummarySpan idle = spans.get(10);
            assertFalse(idle.merged());
            assertEquals(1000, idle.startPs());
            assertEquals(3000, idle.endPs());
            assertEquals(CpuState.IDLE.ordinal(), idle.dominantState());
            assertEquals(-1, idle.detail());
            SummarySpan sys = spans.get(11);
            assertTrue(sys.merged());
            assertEquals(3000, sys.startPs());
            assertEquals(3005, sys.endPs());
            assertEquals(CpuState.SYSTEM.ordinal(), sys.dominantState());
        }
    }

    @Test
    void intervalsAtLeastAPixelLongComeBackExactAndClipped() throws IOException {
        try (TraceFile t = knownPattern()) {
            List<SummarySpan> spans = t.summary(RowKind.CPU, 0, 10, 100, 5);
            assertEquals(10, spans.size(), "one exact span per interval in [10, 100)");
            assertTrue(spans.stream().noneMatch(SummarySpan::merged));
            assertEquals(10, spans.get(0).startPs());
            assertEquals(15, spans.get(0).endPs());
            assertEquals(0, spans.get(0).detail());
        }
    }

    @Test
    void straddlingIntervalIsSplitBetweenItsTwoPixels() throws IOException {
        try (TraceFile t = knownPattern()) {
            // pixels of 30 ps: USER [20, 35) gives 10 ps to pixel 0 and 5 ps to pixel 1
            List<SummarySpan> spans = t.summary(RowKind.CPU, 0, 0, 120, 30);
            assertEquals(4, spans.size());
            long total = 0;
            for (SummarySpan s : spans) {
                for (int st = 0; st < RowKind.CPU.stateCount(); st++) {
                    total += s.psIn(st);
                }
                assertEquals(30, s.endPs() - s.startPs());
            }
            assertEquals(120, total);
            assertEquals(25, spans.get(0).psIn(CpuState.USER.ordinal()));
            // pixel 1 [30, 60): USER 5 ps of the straddler + [40, 55); SPINNING [35, 40) + [55, 60)
            assertEquals(20, spans.get(1).psIn(CpuState.USER.ordinal()));
            assertEquals(10, spans.get(1).psIn(CpuState.SPINNING.ordinal()));
            assertEquals(4, spans.get(1).intervalCount(), "the straddler counts in both pixels");
        }
    }

    @Test
    void lockRowSummaryGivesTheHeldShareOfEachPixel() throws IOException {
        try (TraceFile t = knownPattern()) {
            List<SummarySpan> spans = t.summary(RowKind.LOCK, 0, 0, 100, 100);
            assertEquals(1, spans.size());
            SummarySpan s = spans.get(0);
            assertEquals(10, s.startPs());
            assertEquals(70, s.endPs());
            assertEquals(40, s.psIn(0));
            assertEquals(2, s.intervalCount());
            assertEquals("HELD", RowKind.LOCK.stateName(s.dominantState()));
        }
    }

    @Test
    void manyRowsAtOnceGiveTheSameSpansAsOneRowAtATime() throws IOException {
        Path file = dir.resolve("mix.trace");
        try (TraceWriter w = TraceWriter.open(file, SyntheticRun.header(), 4096)) {
            SyntheticRun.write(w, 10_000, 2, false, () -> { });
        }
        try (TraceFile t = TraceFile.open(file)) {
            int[] rows = {3, 0, 31, 17};
            long from = t.endPs() / 4;
            long to = t.endPs() / 2;
            List<List<SummarySpan>> many = t.summaries(RowKind.TASK, rows, from, to, 2_000_000);
            for (int r = 0; r < rows.length; r++) {
                assertEquals(t.summary(RowKind.TASK, rows[r], from, to, 2_000_000).toString(), many.get(r).toString());
                assertTrue(many.get(r).size() <= 2 * ((to - from) / 2_000_000 + 1), "a few spans per pixel at most");
            }
        }
    }
}
