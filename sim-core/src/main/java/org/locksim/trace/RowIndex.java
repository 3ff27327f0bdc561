package org.locksim.trace;

import java.util.Arrays;
import java.util.function.IntConsumer;

/**
 * Which blocks hold records of one row, with the time span each block covers for that row.
 *
 * <p>Interval rows arrive in start order, so the spans' starts never decrease and a running
 * maximum of their ends lets a range query binary-search its first block. Rows whose starts do
 * go back (arrows may come in any order) fall back to a linear scan of the row's blocks.
 */
final class RowIndex {
    private int[] blocks = new int[4];
    private long[] min = new long[4];
    private long[] max = new long[4];
    private long[] runningMax = new long[4];
    private int size;
    private boolean monotone = true;
    private long lastStart = Long.MIN_VALUE;

    /** The latest start of a record of this row in the blocks added so far. */
    long lastStart() {
        return lastStart;
    }

    void add(int block, long minTime, long maxTime, long lastStartInBlock) {
        lastStart = Math.max(lastStart, lastStartInBlock);
        if (size == blocks.length) {
            int n = size * 2;
            blocks = Arrays.copyOf(blocks, n);
            min = Arrays.copyOf(min, n);
            max = Arrays.copyOf(max, n);
            runningMax = Arrays.copyOf(runningMax, n);
        }
        if (size > 0 && minTime < min[size - 1]) {
            monotone = false;
        }
        blocks[size] = block;
        min[size] = minTime;
        max[size] = maxTime;
        runningMax[size] = size == 0 ? maxTime : Math.max(maxTime, runningMax[size - 1]);
        size++;
    }

    /** Calls {@code action} with each block whose span for this row meets {@code [from, to]}, in file order. */
    void blocksMeeting(long from, long to, IntConsumer action) {
        int i = monotone ? firstReaching(from) : 0;
        for (; i < size; i++) {
            if (min[i] > to) {
                if (monotone) {
                    return;
                }
                continue;
            }
            if (max[i] >= from) {
                action.accept(blocks[i]);
            }
        }
    }

    /** Returns the last block whose span starts before {@code time}, or -1 (monotone rows only). */
    int lastBlockStartingBefore(long time) {
        int lo = 0;
        int hi = size;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (min[mid] < time) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo == 0 ? -1 : blocks[lo - 1];
    }

    /** First position whose running maximum end reaches {@code from}. */
    private int firstReaching(long from) {
        int lo = 0;
        int hi = size;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (runningMax[mid] < from) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
