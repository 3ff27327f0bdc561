package org.locksim.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Exists because a crashed run or a damaged disk must never be misread: a truncated or flipped
 * file is detected, reported with how much is intact, and its intact prefix still opens.
 */
class TraceDamageTest {
    private static final Pattern TRUNCATED = Pattern.compile(
        "truncated at byte (\\d+) of block (\\d+) \\([^)]*\\): (\\d+) blocks? \\(([\\d,]+) records, up to t=[^)]+\\) intact");

    @TempDir
    Path dir;
    private Path whole;
    private SyntheticRun run;
    private long size;

    @BeforeEach
    void writeWholeTrace() throws IOException {
        whole = dir.resolve("whole.trace");
        try (TraceWriter w = TraceWriter.open(whole, SyntheticRun.header(), 4096)) {
            run = SyntheticRun.write(w, 5_000, 11, true, () -> { });
        }
        size = Files.size(whole);
    }

    @Test
    void truncationAtAnyOffsetReportsWhereAndKeepsTheIntactPrefix() throws IOException {
        for (long keep : new long[] {size - 1, size - 8, size - 20, size / 2, size / 3, 200}) {
            Path cut = copy("cut-" + keep + ".trace");
            try (FileChannel ch = FileChannel.open(cut, StandardOpenOption.WRITE)) {
                ch.truncate(keep);
            }
            TraceFormatException e = assertThrows(TraceFormatException.class, () -> TraceFile.open(cut));
            Matcher m = TRUNCATED.matcher(e.getMessage());
            assertTrue(m.matches(), e.getMessage());
            assertEquals(keep, Long.parseLong(m.group(1)));
            try (TraceFile t = TraceFile.open(cut, Recovery.PREFIX)) {
                Integrity i = t.integrity();
                assertEquals(Integrity.Status.TRUNCATED, i.status());
                assertEquals(i, e.integrity());
                assertTrue(i.readableBytes() <= keep);
                assertEquals(Integer.parseInt(m.group(3)), i.intactBlocks());
                assertEquals(t.recordCount(), i.intactRecords());
                assertEquals(Long.parseLong(m.group(4).replace(",", "")), i.intactRecords());
                assertEquals(i.intactBlocks(), t.blockCount());
                assertIsPrefixOfWholeRun(t);
            }
        }
    }

    @Test
    void truncationAtABlockBoundaryIsStillNoticed() throws IOException {
        long boundary = openTruncated(size / 2).readableBytes();
        Integrity i = openTruncated(boundary);
        assertEquals(Integrity.Status.TRUNCATED, i.status());
        assertEquals("ends before the footer", i.detail());
        assertEquals(boundary, i.readableBytes());
    }

    @Test
    void flippedPayloadByteIsCaughtByTheChecksum() throws IOException {
        Integrity half = openTruncated(size / 2);
        long offset = half.readableBytes() + 21 + 10;
        Path bad = flipped("flip.trace", offset);
        TraceFormatException e = assertThrows(TraceFormatException.class, () -> TraceFile.open(bad));
        assertTrue(e.getMessage().startsWith("corrupt at byte " + half.readableBytes() + " of block "
            + (half.intactBlocks() + 1) + " (checksum mismatch): " + half.intactBlocks() + " blocks"), e.getMessage());
        try (TraceFile t = TraceFile.open(bad, Recovery.PREFIX)) {
            assertEquals(Integrity.Status.CORRUPT, t.integrity().status());
            assertEquals(half.intactBlocks(), t.blockCount());
            assertIsPrefixOfWholeRun(t);
        }
    }

    @Test
    void flipsAnywhereAfterTheHeaderAreNeverSilentlyAccepted() throws IOException {
        for (long offset = 60; offset < size; offset += 997) {
            Path bad = flipped("flip-" + offset + ".trace", offset);
            try (TraceFile t = TraceFile.open(bad, Recovery.PREFIX)) {
                assertEquals(Integrity.Status.CORRUPT, t.integrity().status(), "flip at " + offset);
                assertIsPrefixOfWholeRun(t);
            }
        }
        Path footer = flipped("flip-footer.trace", size - 10);
        assertThrows(TraceFormatException.class, () -> TraceFile.open(footer));
    }

    @Test
    void headerDamageIsFatalEvenWhenRecovering() throws IOException {
        assertMessage(flipped("magic.trace", 0), "not a locksim trace");
        assertMessage(flipped("version.trace", 9), "unsupported trace format version");
        assertMessage(flipped("header.trace", 20), "corrupt file header");
        Path tiny = copy("tiny.trace");
        try (FileChannel ch = FileChannel.open(tiny, StandardOpenOption.WRITE)) {
            ch.truncate(12);
        }
        assertMessage(tiny, "truncated at byte 12 in the file header");
        Path text = dir.resolve("text.trace");
        Files.writeString(text, "{\"traceEvents\": []}");
        assertMessage(text, "not a locksim trace");
    }

    @Test
    void garbageAfterTheEndMarkerIsCorruption() throws IOException {
        Path longer = copy("longer.trace");
        Files.write(longer, new byte[] {1, 2, 3}, StandardOpenOption.APPEND);
        try (TraceFile t = TraceFile.open(longer, Recovery.PREFIX)) {
            assertEquals(Integrity.Status.CORRUPT, t.integrity().status());
            assertEquals("3 bytes after the end marker", t.integrity().detail());
            assertEquals(run.records, t.recordCount());
        }
    }

    private void assertMessage(Path file, String start) {
        TraceFormatException e = assertThrows(TraceFormatException.class, () -> TraceFile.open(file, Recovery.PREFIX));
        assertTrue(e.getMessage().startsWith(start), e.getMessage());
    }

    private void assertIsPrefixOfWholeRun(TraceFile t) {
        long records = 0;
        for (int c = 0; c < SyntheticRun.CPUS; c++) {
            records += assertPrefix(run.cpu.get(c), t.cpuIntervals(c, 0, Long.MAX_VALUE));
        }
        for (int k = 0; k < SyntheticRun.TASKS; k++) {
            records += assertPrefix(run.task.get(k), t.taskIntervals(k, 0, Long.MAX_VALUE));
        }
        for (int l = 0; l < SyntheticRun.LOCKS; l++) {
            records += assertPrefix(run.lock.get(l), t.lockHolds(l, 0, Long.MAX_VALUE));
        }
        records += assertPrefix(run.arrows, t.arrows(0, Long.MAX_VALUE));
        assertTrue(records <= t.recordCount());
    }

    private static <T> int assertPrefix(List<T> all, List<T> read) {
        assertEquals(all.subList(0, read.size()), read);
        return read.size();
    }

    private Integrity openTruncated(long keep) throws IOException {
        Path cut = copy("t" + keep + ".trace");
        try (FileChannel ch = FileChannel.open(cut, StandardOpenOption.WRITE)) {
            ch.truncate(keep);
        }
        try (TraceFile t = TraceFile.open(cut, Recovery.PREFIX)) {
            return t.integrity();
        }
    }

    private Path flipped(String name, long offset) throws IOException {
        Path p = copy(name);
        byte[] bytes = Files.readAllBytes(p);
        bytes[(int) offset] ^= 0x5A;
        Files.write(p, bytes);
        return p;
    }

    private Path copy(String name) throws IOException {
        Path p = dir.resolve(name);
        Files.copy(whole, p);
        return p;
    }
}
