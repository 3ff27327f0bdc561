package org.locksim.trace;

import java.util.Arrays;

/**
 * One row summarised at one width of bucket, as {@link LodSummarizer} summarises it for a frame
 * whose pixels are that wide: exact intervals at least a bucket long, and per bucket the shorter
 * ones merged with the time each state took. Kept in parallel primitive arrays, in start order;
 * spans never overlap, so their ends are in order too.
 */
final class LodLevel implements LodSummarizer.Sink {
    private final int states;
    private long[] start = new long[16];
    private long[] end = new long[16];
    /** Intervals merged into the span; 1 for an exact one. */
    private int[] count = new int[16];
    /** An exact span's detail (the task, lock or owner its interval names). */
    private int[] detail = new int[16];
    /** An exact span's state; -1 for a merged one. */
    private byte[] state = new byte[16];
    /** A merged span's time per state, {@code states} longs a span (zeros for an exact one). */
    private long[] ps;
    private int size;

    LodLevel(int states) {
        this.states = states;
        this.ps = new long[16 * states];
    }

    int size() {
        return size;
    }

    @Override
    public void span(long s, long e, boolean merged, int n, int what, long[] psByState) {
        if (size == start.length) {
            int cap = size + (size >> 1);
            start = Arrays.copyOf(start, cap);
            end = Arrays.copyOf(end, cap);
            count = Arrays.copyOf(count, cap);
            detail = Arrays.copyOf(detail, cap);
            state = Arrays.copyOf(state, cap);
            ps = Arrays.copyOf(ps, cap * states);
        }
        start[size] = s;
        end[size] = e;
        count[size] = n;
        detail[size] = what;
        if (merged) {
            state[size] = -1;
            System.arraycopy(psByState, 0, ps, size * states, states);
        } else {
            byte st = 0;
            while (st < states - 1 && psByState[st] == 0) {
                st++;
            }
            state[size] = st;
        }
        size++;
    }

    /** Gives back the room the arrays grew beyond their spans. */
    void trim() {
        start = Arrays.copyOf(start, size);
        end = Arrays.copyOf(end, size);
        count = Arrays.copyOf(count, size);
        detail = Arrays.copyOf(detail, size);
        state = Arrays.copyOf(state, size);
        ps = Arrays.copyOf(ps, size * states);
    }

    /** Bytes the arrays take, about. */
    long bytes() {
        return (long) start.length * (8 + 8 + 4 + 4 + 1) + (long) ps.length * 8;
    }

    /** Feeds the spans that meet {@code [from, to)} to {@code into}, in start order. */
    void feed(long from, long to, LodSummarizer into) {
        int i = firstEndingAfter(from);
        for (; i < size && start[i] < to; i++) {
            if (state[i] < 0) {
                into.addMerged(start[i], end[i], count[i], ps, i * states);
            } else {
                into.add(start[i], end[i], state[i], detail[i]);
            }
        }
    }

    /** Feeds every span to {@code into}, as a level of twice the width is built from this one. */
    void feedAll(LodSummarizer into) {
        feed(Long.MIN_VALUE, Long.MAX_VALUE, into);
    }

    private int firstEndingAfter(long from) {
        int lo = 0;
        int hi = size;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (end[mid] <= from) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
