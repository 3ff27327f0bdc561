package org.locksim.trace;

/** Appends varints and raw bytes to a fixed array; callers check room first. */
final class ByteSink {
    final byte[] buf;
    int pos;

    ByteSink(int capacity) {
        this.buf = new byte[capacity];
    }

    int remaining() {
        return buf.length - pos;
    }

    void u8(int v) {
        buf[pos++] = (byte) v;
    }

    /** Unsigned LEB128 of a non-negative long. */
    void varlong(long v) {
        while ((v & ~0x7FL) != 0) {
            buf[pos++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        buf[pos++] = (byte) v;
    }

    /** Zigzag then LEB128, for values that may be negative. */
    void zigzag(long v) {
        varlong(v << 1 ^ v >> 63);
    }

    void bytes(byte[] b) {
        System.arraycopy(b, 0, buf, pos, b.length);
        pos += b.length;
    }
}
