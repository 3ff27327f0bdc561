package org.locksim.trace;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.Arrays;

/**
 * Reads a trace from front to back once: checks the header, verifies every block's CRC32C,
 * decodes it and commits it to a {@link TraceCatalog}, checks the footer's totals and the end
 * marker. It stops at the first damage and records where it is.
 */
final class TraceScanner {
    private final FileChannel channel;
    private final long size;
    private TraceCatalog catalog;
    private long offset;

    private TraceScanner(FileChannel channel, long size) {
        this.channel = channel;
        this.size = size;
    }

    /** Scans the file; on damage throws in {@link Recovery#STRICT} mode, else keeps the prefix. */
    static TraceCatalog scan(FileChannel channel, Recovery recovery) throws IOException {
        TraceScanner s = new TraceScanner(channel, channel.size());
        TraceCatalog c = s.run();
        if (!c.integrity.ok() && recovery == Recovery.STRICT) {
            throw new TraceFormatException(c.integrity);
        }
        return c;
    }

    private TraceCatalog run() throws IOException {
        int want = (int) Math.min(size, Format.MAX_HEADER_BYTES + Format.PREAMBLE_BYTES + 4);
        byte[] start = new byte[want];
        int got = read(start, want, 0);
        HeaderCodec.Decoded h = HeaderCodec.decode(start, got, size);
        catalog = new TraceCatalog(h.header(), h.blockLimit());
        offset = h.bytes();
        byte[] frame = new byte[Format.FRAME_BYTES];
        byte[] payload = new byte[h.blockLimit()];
        BlockChecksum checksum = new BlockChecksum();
        while (true) {
            int number = catalog.blocks + 1;
            if (size - offset < Format.FRAME_BYTES) {
                return damaged(Integrity.Status.TRUNCATED, size, number,
                    offset == size ? "ends before the footer" : "block header cut short");
            }
            read(frame, Format.FRAME_BYTES, offset);
            ByteBuffer f = ByteBuffer.wrap(frame);
            byte kind = f.get();
            int length = f.getInt();
            int count = f.getInt();
            long base = f.getLong();
            int crc = f.getInt();
            if (kind != Format.KIND_DATA && kind != Format.KIND_FOOTER) {
                return damaged(Integrity.Status.CORRUPT, offset, number,
                    String.format("bad block kind 0x%02x", kind & 0xFF));
            }
            int limit = kind == Format.KIND_DATA ? h.blockLimit() : 4096;
            if (length < 0 || length > limit || count < 0 || count > length) {
                return damaged(Integrity.Status.CORRUPT, offset, number,
                    "impossible block length " + length + " or record count " + count);
            }
            long end = offset + Format.FRAME_BYTES + length;
            if (end > size) {
                return damaged(Integrity.Status.TRUNCATED, size, number,
                    "block cut short: " + (size - offset) + " of " + (end - offset) + " bytes present");
            }
            read(payload, length, offset + Format.FRAME_BYTES);
            if (checksum.of(frame, payload, length) != crc) {
                return damaged(Integrity.Status.CORRUPT, offset, number, "checksum mismatch");
            }
            if (kind == Format.KIND_FOOTER) {
                return footer(payload, length, end, number);
            }
            try {
                DecodedBlock d = DecodedBlock.decode(payload, length, count, base, catalog.strings.size());
                catalog.commit(d, offset + Format.FRAME_BYTES, length, count, base);
            } catch (ByteSource.Malformed e) {
                return damaged(Integrity.Status.CORRUPT, offset, number, e.getMessage());
            }
            offset = end;
        }
    }

    private TraceCatalog footer(byte[] payload, int length, long end, int number) throws IOException {
        FooterCodec.Totals t;
        try {
            t = FooterCodec.decode(payload, length);
        } catch (ByteSource.Malformed e) {
            return damaged(Integrity.Status.CORRUPT, offset, number, "footer: " + e.getMessage());
        }
        long[] mine = catalog.perType;
        if (t.dataBlocks() != catalog.blocks || t.dataRecords() != catalog.records
                || !Arrays.equals(t.perType(), 0, Math.min(t.perType().length, mine.length),
                    mine, 0, Math.min(t.perType().length, mine.length))) {
            return damaged(Integrity.Status.CORRUPT, offset, number, "footer counts "
                + t.dataBlocks() + " blocks and " + t.dataRecords() + " records but "
                + catalog.blocks + " and " + catalog.records + " are present");
        }
        if (catalog.records > 0 && (catalog.minTime < t.minTime() || catalog.maxTime > t.maxTime())) {
            return damaged(Integrity.Status.CORRUPT, offset, number, "records span " + catalog.minTime + " to "
                + catalog.maxTime + " ps, outside the footer's " + t.minTime() + " to " + t.maxTime() + " ps");
        }
        long readable = end;
        offset = end;
        byte[] marker = new byte[Format.END_MARKER.length];
        if (size - end < marker.length) {
            return damaged(Integrity.Status.TRUNCATED, size, number, "end marker missing", readable);
        }
        read(marker, marker.length, end);
        if (!Arrays.equals(marker, Format.END_MARKER)) {
            return damaged(Integrity.Status.CORRUPT, end, number, "bad end marker", readable);
        }
        if (size > end + marker.length) {
            return damaged(Integrity.Status.CORRUPT, end + marker.length, number,
                (size - end - marker.length) + " bytes after the end marker", readable);
        }
        catalog.integrity = new Integrity(Integrity.Status.OK, size, size, catalog.blocks,
            catalog.records, lastTime(), -1, -1, "");
        return catalog;
    }

    private TraceCatalog damaged(Integrity.Status status, long at, int block, String detail) {
        return damaged(status, at, block, detail, offset);
    }

    private TraceCatalog damaged(Integrity.Status status, long at, int block, String detail, long readable) {
        catalog.integrity = new Integrity(status, size, readable, catalog.blocks, catalog.records,
            lastTime(), at, block, detail);
        return catalog;
    }

    private long lastTime() {
        return catalog.maxTime == Long.MIN_VALUE ? 0 : catalog.maxTime;
    }

    private int read(byte[] into, int n, long position) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(into, 0, n);
        long p = position;
        while (b.hasRemaining()) {
            int r = channel.read(b, p);
            if (r < 0) {
                break;
            }
            p += r;
        }
        return b.position();
    }
}
