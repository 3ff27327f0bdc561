package org.locksim.trace;

/** Reads what {@link ByteSink} wrote, throwing {@link Malformed} instead of running off the end. */
final class ByteSource {
    private final byte[] buf;
    private final int limit;
    int pos;

    ByteSource(byte[] buf, int offset, int limit) {
        this.buf = buf;
        this.pos = offset;
        this.limit = limit;
    }

    boolean atEnd() {
        return pos >= limit;
    }

    int u8() {
        need(1);
        return buf[pos++] & 0xFF;
    }

    long varlong() {
        long v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            int b = u8();
            v |= (long) (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                return v;
            }
        }
        throw new Malformed("varint longer than 10 bytes at offset " + pos);
    }

    int varint() {
        long v = varlong();
        if (v < 0 || v > Integer.MAX_VALUE) {
            throw new Malformed("integer out of range: " + v);
        }
        return (int) v;
    }

    /** Reads a varint that was written as {@code value + 1} so that -1 costs one byte. */
    int optional() {
        return varint() - 1;
    }

    long zigzag() {
        long v = varlong();
        return v >>> 1 ^ -(v & 1);
    }

    byte[] bytes(int n) {
        need(n);
        byte[] out = new byte[n];
        System.arraycopy(buf, pos, out, 0, n);
        pos += n;
        return out;
    }

    private void need(int n) {
        if (n < 0 || limit - pos < n) {
            throw new Malformed("record runs past the end of its block");
        }
    }

    /** Bytes that do not decode as records; the block holding them is corrupt. */
    static final class Malformed extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Malformed(String message) {
            super(message);
        }
    }
}
