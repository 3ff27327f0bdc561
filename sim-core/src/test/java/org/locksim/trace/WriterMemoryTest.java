package org.locksim.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Exists because a trace must not grow the simulator's heap with the length of the run: the
 * writer holds at most one block, and a realistic mix must stay compact on disk.
 */
class WriterMemoryTest {
    @TempDir
    Path dir;

    @Test
    void bufferNeverExceedsItsLimitOverAMillionIntervals() throws IOException {
        Path file = dir.resolve("million.trace");
        int[] worst = {0};
        SyntheticRun run;
        try (TraceWriter w = TraceWriter.open(file, SyntheticRun.header())) {
            run = SyntheticRun.write(w, 1_000_000, 5, false, () -> {
                worst[0] = Math.max(worst[0], w.bufferedBytes());
                if (w.bufferedBytes() > w.blockLimit()) {
                    throw new AssertionError(w.bufferedBytes() + " bytes buffered, limit " + w.blockLimit());
                }
            });
            assertTrue(w.maxBufferedBytes() <= w.blockLimit());
            assertEquals(65_536, w.blockLimit());
            assertTrue(worst[0] > w.blockLimit() - Format.MAX_FIXED_RECORD_BYTES, "blocks get filled");
        }
        try (TraceFile t = TraceFile.open(file)) {
            assertTrue(t.integrity().ok());
            assertEquals(run.records, t.recordCount());
        }
    }

    /**
     * Measures the on-disk cost of the synthetic mix (8 CPUs, 32 tasks, 4 locks; intervals of
     * 50 ns to 100 us) with and without its counters and arrows; the figures are in the messages.
     */
    @Test
    void realisticMixCostsFewBytesPerInterval() throws IOException {
        double[] all = measure(true);
        double[] bare = measure(false);
        assertTrue(all[0] < 16, String.format(Locale.ROOT, "bytes per interval with counters and arrows: %.2f"
            + " (%.2f bytes/record)", all[0], all[1]));
        assertTrue(bare[0] < 9, "bytes per bare interval: " + bare[0]);
    }

    private double[] measure(boolean extras) throws IOException {
        Path file = dir.resolve("mix-" + extras + ".trace");
        SyntheticRun run;
        try (TraceWriter w = TraceWriter.open(file, SyntheticRun.header())) {
            run = SyntheticRun.write(w, 200_000, 9, false, extras, () -> { });
        }
        long bytes = Files.size(file);
        return new double[] {(double) bytes / run.intervals, (double) bytes / run.records};
    }
}
