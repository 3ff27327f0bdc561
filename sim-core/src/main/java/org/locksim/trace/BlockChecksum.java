package org.locksim.trace;

import java.util.zip.CRC32C;

/** CRC32C of a block frame's first 17 bytes (kind, length, count, base time) and its payload. */
final class BlockChecksum {
    private final CRC32C crc = new CRC32C();

    int of(byte[] frame, byte[] payload, int length) {
        crc.reset();
        crc.update(frame, 0, Format.FRAME_BYTES - 4);
        crc.update(payload, 0, length);
        return (int) crc.getValue();
    }
}
