package org.locksim.trace;

/**
 * The footer block's payload: the totals a reader checks its own count against.
 * Fields, all varints: data blocks, data records, then one count per record type
 * ({@link Format#T_CPU} .. {@link Format#T_DEF_LOCK}), then the zigzag minimum and maximum time.
 */
final class FooterCodec {
    /** Decoded totals. */
    record Totals(long dataBlocks, long dataRecords, long[] perType, long minTime, long maxTime) {
    }

    private FooterCodec() {
    }

    static void encode(ByteSink out, long blocks, long records, long[] perType, long min, long max) {
        out.varlong(blocks);
        out.varlong(records);
        out.varlong(perType.length);
        for (long n : perType) {
            out.varlong(n);
        }
        boolean empty = min > max;
        out.zigzag(empty ? 0 : min);
        out.zigzag(empty ? 0 : max);
    }

    static Totals decode(byte[] payload, int length) {
        ByteSource in = new ByteSource(payload, 0, length);
        long blocks = in.varlong();
        long records = in.varlong();
        int types = in.varint();
        if (types > 64) {
            throw new ByteSource.Malformed("footer lists " + types + " record types");
        }
        long[] perType = new long[types];
        for (int i = 0; i < types; i++) {
            perType[i] = in.varlong();
        }
        long min = in.zigzag();
        long max = in.zigzag();
        if (!in.atEnd()) {
            throw new ByteSource.Malformed("trailing bytes in footer");
        }
        return new Totals(blocks, records, perType, min, max);
    }
}
