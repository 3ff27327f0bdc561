package org.locksim.trace;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.zip.CRC32C;

/**
 * Encodes and decodes the file preamble: magic, version, header length, header payload, CRC32C.
 */
final class HeaderCodec {
    /** A decoded header with the block limit the writer used and the header's size on disk. */
    record Decoded(TraceHeader header, int blockLimit, int bytes) {
    }

    private HeaderCodec() {
    }

    static byte[] encode(TraceHeader h, int blockLimit) {
        byte[] name = h.scenario().getBytes(StandardCharsets.UTF_8);
        if (name.length > Format.MAX_HEADER_BYTES - 64) {
            throw new IllegalArgumentException("scenario name too long: " + name.length + " bytes");
        }
        ByteSink payload = new ByteSink(name.length + 64);
        payload.varlong(name.length);
        payload.bytes(name);
        payload.zigzag(h.seed());
        payload.varlong(h.cpuCount());
        payload.varlong(h.taskCount());
        payload.varlong(h.lockCount());
        payload.varlong(blockLimit);
        ByteBuffer b = ByteBuffer.allocate(Format.PREAMBLE_BYTES + payload.pos + 4);
        b.put(Format.MAGIC).putShort((short) Format.MAJOR).putShort((short) Format.MINOR);
        b.putInt(payload.pos).put(payload.buf, 0, payload.pos);
        CRC32C crc = new CRC32C();
        crc.update(b.array(), Format.MAGIC.length, b.position() - Format.MAGIC.length);
        b.putInt((int) crc.getValue());
        return b.array();
    }

    /** Checks the first bytes of a file; {@code fileSize} says how many exist in total. */
    static Decoded decode(byte[] start, int available, long fileSize) throws TraceFormatException {
        int magic = Math.min(available, Format.MAGIC.length);
        if (available < Format.MAGIC.length && available > 0
                && Arrays.equals(start, 0, magic, Format.MAGIC, 0, magic)) {
            throw new TraceFormatException("truncated at byte " + fileSize + " in the file header: "
                + "nothing readable");
        }
        if (available < Format.MAGIC.length
                || !Arrays.equals(start, 0, Format.MAGIC.length, Format.MAGIC, 0, Format.MAGIC.length)) {
            throw new TraceFormatException("not a locksim trace: the file (" + fileSize
                + " bytes) does not start with \"LKSTRACE\"");
        }
        if (available < Format.PREAMBLE_BYTES) {
            throw new TraceFormatException("truncated at byte " + fileSize + " in the file header: "
                + "nothing readable");
        }
        ByteBuffer b = ByteBuffer.wrap(start, 0, available);
        b.position(Format.MAGIC.length);
        int major = b.getShort() & 0xFFFF;
        int minor = b.getShort() & 0xFFFF;
        if (major != Format.MAJOR) {
            throw new TraceFormatException("unsupported trace format version " + major + "." + minor
                + " (this reader supports " + Format.MAJOR + ".x)");
        }
        int length = b.getInt();
        if (length < 0 || length > Format.MAX_HEADER_BYTES) {
            throw new TraceFormatException("corrupt file header: length " + length);
        }
        int total = Format.PREAMBLE_BYTES + length + 4;
        if (available < total) {
            throw new TraceFormatException("truncated at byte " + fileSize + " in the file header: "
                + "nothing readable");
        }
        CRC32C crc = new CRC32C();
        crc.update(start, Format.MAGIC.length, total - 4 - Format.MAGIC.length);
        if ((int) crc.getValue() != ByteBuffer.wrap(start, total - 4, 4).getInt()) {
            throw new TraceFormatException("corrupt file header: checksum mismatch");
        }
        try {
            ByteSource in = new ByteSource(start, Format.PREAMBLE_BYTES, Format.PREAMBLE_BYTES + length);
            String scenario = new String(in.bytes(in.varint()), StandardCharsets.UTF_8);
            long seed = in.zigzag();
            TraceHeader h = new TraceHeader(scenario, seed, in.varint(), in.varint(), in.varint());
            // Every row the header counts is defined by a record of two bytes or more in the
            // blocks: past an allowance for a file cut short (Format.ROWS_WITHOUT_DEFINITION), a
            // count the file cannot hold is corruption, found before a row is allocated.
            long rows = (long) h.cpuCount() + h.taskCount() + h.lockCount();
            if (rows > Format.ROWS_WITHOUT_DEFINITION + fileSize / 2) {
                throw new ByteSource.Malformed(h.cpuCount() + " CPUs, " + h.taskCount() + " tasks and "
                    + h.lockCount() + " locks, more rows than a file of " + fileSize + " bytes can define");
            }
            int blockLimit = in.varint();
            if (blockLimit < Format.MIN_BLOCK_BYTES || blockLimit > Format.MAX_BLOCK_BYTES) {
                throw new ByteSource.Malformed("block limit " + blockLimit);
            }
            return new Decoded(h, blockLimit, total);
        } catch (ByteSource.Malformed | IllegalArgumentException e) {
            throw new TraceFormatException("corrupt file header: " + e.getMessage());
        }
    }
}
