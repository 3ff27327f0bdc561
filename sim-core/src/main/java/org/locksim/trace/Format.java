package org.locksim.trace;

import java.nio.charset.StandardCharsets;

/** Constants of the trace file format, version 1.0; docs/trace-format.md describes the layout. */
final class Format {
    /** First eight bytes of every trace. */
    static final byte[] MAGIC = "LKSTRACE".getBytes(StandardCharsets.US_ASCII);
    /** Last eight bytes of a complete trace, after the footer block. */
    static final byte[] END_MARKER = "LKSTEND\n".getBytes(StandardCharsets.US_ASCII);
    static final int MAJOR = 1;
    static final int MINOR = 0;
    /** magic(8) major(2) minor(2) header-length(4); the header payload and its CRC follow. */
    static final int PREAMBLE_BYTES = 16;
    static final int MAX_HEADER_BYTES = 64 * 1024;

    /** kind(1) payload-length(4) record-count(4) base-time(8) crc32c(4). */
    static final int FRAME_BYTES = 21;
    static final byte KIND_DATA = 'D';
    static final byte KIND_FOOTER = 'F';

    static final int DEFAULT_BLOCK_BYTES = 64 * 1024;
    static final int MIN_BLOCK_BYTES = 4 * 1024;
    static final int MAX_BLOCK_BYTES = 16 * 1024 * 1024;
    /** Upper bound on the encoded size of any record other than a string. */
    static final int MAX_FIXED_RECORD_BYTES = 48;
    static final int MAX_STRING_BYTES = 1024;

    // record tag = type << 4 | CONTIGUOUS flag | sub-kind (a state or enum ordinal)
    static final int T_CPU = 0;
    static final int T_TASK = 1;
    static final int T_LOCK = 2;
    static final int T_COUNTER = 3;
    static final int T_ARROW = 4;
    static final int T_STRING = 5;
    static final int T_DEF_CPU = 6;
    static final int T_DEF_TASK = 7;
    /**
     * Rows a header may count beyond what the file's definitions could hold (two bytes or more
     * each), so that a file cut short after its header still opens as truncated.
     */
    static final int ROWS_WITHOUT_DEFINITION = 65_536;
    static final int T_DEF_LOCK = 8;
    static final int CONTIGUOUS = 0x08;
    static final int SUB_MASK = 0x07;

    // row families, used by the block-local clocks and the reader's index
    static final int ROW_CPU = 0;
    static final int ROW_TASK = 1;
    static final int ROW_LOCK = 2;
    static final int ROW_RUNQUEUE = 3;
    static final int ROW_WAITERS = 4;
    static final int ROW_ARROWS = 5;
    static final int ROW_FAMILIES = 6;

    private Format() {
    }

    static int tag(int type, boolean contiguous, int sub) {
        return type << 4 | (contiguous ? CONTIGUOUS : 0) | sub;
    }

    static int counterFamily(CounterKind kind) {
        return kind == CounterKind.RUNQUEUE ? ROW_RUNQUEUE : ROW_WAITERS;
    }
}
