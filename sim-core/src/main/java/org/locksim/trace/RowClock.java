package org.locksim.trace;

import java.util.Arrays;

/**
 * The last time seen on each row of one family within the current block, which later times on
 * the row are delta-encoded against. Blocks decode independently: {@link #newBlock()} forgets
 * everything in O(1) by bumping a generation stamp.
 */
final class RowClock {
    private long[] last = new long[8];
    private int[] generation = new int[8];
    private int current = 1;

    void newBlock() {
        current++;
    }

    boolean seen(int row) {
        return row < generation.length && generation[row] == current;
    }

    /** Returns the row's last time in this block, or {@code base} if the block has none yet. */
    long reference(int row, long base) {
        return seen(row) ? last[row] : base;
    }

    void set(int row, long time) {
        if (row >= last.length) {
            int n = Math.max(row + 1, last.length * 2);
            last = Arrays.copyOf(last, n);
            generation = Arrays.copyOf(generation, n);
        }
        last[row] = time;
        generation[row] = current;
    }
}
