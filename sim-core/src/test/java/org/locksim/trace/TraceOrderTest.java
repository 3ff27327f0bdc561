package org.locksim.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Exists because checksums only prove that bytes are as written, not that a file was written by
 * the writer: a block whose base time was moved back (its checksum redone) passes every checksum,
 * yet its rows' times run backwards from the block before. That is corruption, and the blocks
 * before it are the intact prefix.
 */
class TraceOrderTest {
    @TempDir
    Path dir;
    private byte[] whole;
    private int headerBytes;

    @BeforeEach
    void writeTrace() throws IOException {
        Path file = dir.resolve("whole.trace");
        try (TraceWriter w = TraceWriter.open(file, SyntheticRun.header(), 4096)) {
            SyntheticRun.write(w, 5_000, 11, false, () -> { });
        }
        whole = Files.readAllBytes(file);
        headerBytes = Format.PREAMBLE_BYTES + ByteBuffer.wrap(whole).getInt(12) + 4;
    }

    @Test
    void aBlockWhoseTimesRunBackwardsIsCorruptAndItsPredecessorsAreTheIntactPrefix() throws IOException {
        Path bad = dir.resolve("backwards.trace");
        Files.write(bad, withBlockBaseMoved(3, -1_000_000_000L));
        TraceFormatException e = assertThrows(TraceFormatException.class, () -> TraceFile.open(bad));
        assertTrue(e.getMessage().startsWith("corrupt at byte "), e.getMessage());
        assertTrue(e.getMessage().contains("of block 3 (times run backwards: a record of row "), e.getMessage());
        try (TraceFile t = TraceFile.open(bad, Recovery.PREFIX)) {
            assertEquals(Integrity.Status.CORRUPT, t.integrity().status());
            assertEquals(2, t.blockCount());
        }
    }

    @Test
    void aBlockBeyondTheFootersTimeRangeIsCorrupt() throws IOException {
        Path bad = dir.resolve("beyond.trace");
        Files.write(bad, withBlockBaseMoved(dataBlocks(), 1_000_000_000_000L));
        TraceFormatException e = assertThrows(TraceFormatException.class, () -> TraceFile.open(bad));
        assertTrue(e.getMessage().contains("outside the footer's"), e.getMessage());
    }

    @Test
    void theUntouchedTraceIsIntact() throws IOException {
        Path same = dir.resolve("same.trace");
        Files.write(same, withBlockBaseMoved(3, 0));
        try (TraceFile t = TraceFile.open(same)) {
            assertTrue(t.integrity().ok(), t.integrity().message());
        }
    }

    private int dataBlocks() {
        ByteBuffer b = ByteBuffer.wrap(whole);
        int n = 0;
        for (int offset = headerBytes; whole[offset] == Format.KIND_DATA; n++) {
            offset += Format.FRAME_BYTES + b.getInt(offset + 1);
        }
        return n;
    }

    /** The trace with data block {@code number}'s base time moved by {@code ps}, checksum redone. */
    private byte[] withBlockBaseMoved(int number, long ps) {
        byte[] out = whole.clone();
        ByteBuffer b = ByteBuffer.wrap(out);
        int offset = headerBytes;
        for (int i = 1; i < number; i++) {
            offset += Format.FRAME_BYTES + b.getInt(offset + 1);
        }
        assertEquals(Format.KIND_DATA, out[offset]);
        int length = b.getInt(offset + 1);
        b.putLong(offset + 9, b.getLong(offset + 9) + ps);
        byte[] frame = new byte[Format.FRAME_BYTES];
        System.arraycopy(out, offset, frame, 0, Format.FRAME_BYTES);
        byte[] payload = new byte[length];
        System.arraycopy(out, offset + Format.FRAME_BYTES, payload, 0, length);
        b.putInt(offset + 17, new BlockChecksum().of(frame, payload, length));
        return out;
    }
}
