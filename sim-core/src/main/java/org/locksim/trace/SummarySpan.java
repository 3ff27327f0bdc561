package org.locksim.trace;

import java.util.Arrays;

/**
 * One drawable piece of a row at a given resolution, from {@link TraceFile#summary}.
 *
 * <p>An <em>exact</em> span is one interval at least a pixel long, clipped to the requested
 * range. A <em>merged</em> span gathers every interval shorter than a pixel that falls in one
 * pixel; it covers from the first such interval's start to the last one's end within that pixel,
 * says how long each state took in it and which state dominated. Spans of one summary never
 * overlap and come in time order.
 */
public final class SummarySpan {
    private final long startPs;
    private final long endPs;
    private final boolean merged;
    private final int intervalCount;
    private final int dominantState;
    private final int detail;
    private final long[] psByState;

    SummarySpan(long startPs, long endPs, boolean merged, int intervalCount, int detail, long[] psByState) {
        this.startPs = startPs;
        this.endPs = endPs;
        this.merged = merged;
        this.intervalCount = intervalCount;
        this.detail = detail;
        this.psByState = psByState.clone();
        int best = 0;
        for (int s = 1; s < psByState.length; s++) {
            if (psByState[s] > psByState[best]) {
                best = s;
            }
        }
        this.dominantState = best;
    }

    /** Returns the span's start, picoseconds. */
    public long startPs() {
        return startPs;
    }

    /** Returns the span's end, picoseconds. */
    public long endPs() {
        return endPs;
    }

    /** Returns true for a pixel's worth of merged sub-pixel intervals, false for one exact interval. */
    public boolean merged() {
        return merged;
    }

    /** Returns how many intervals contributed (1 for an exact span). */
    public int intervalCount() {
        return intervalCount;
    }

    /** Returns the ordinal of the state that took the most time (ties go to the lower ordinal). */
    public int dominantState() {
        return dominantState;
    }

    /**
     * Returns, for an exact span, the interval's detail (CPU rows: the task; task rows: the lock;
     * lock rows: the owner), else -1.
     */
    public int detail() {
        return detail;
    }

    /** Returns how many picoseconds of this span were spent in state {@code ordinal}. */
    public long psIn(int ordinal) {
        return ordinal < psByState.length ? psByState[ordinal] : 0;
    }

    /** Returns the share of the span's length spent in state {@code ordinal}, 0 to 1. */
    public double share(int ordinal) {
        long length = endPs - startPs;
        return length == 0 ? 0 : (double) psIn(ordinal) / length;
    }

    @Override
    public String toString() {
        return (merged ? "merged" : "exact") + "[" + startPs + ", " + endPs + ") x" + intervalCount
            + " dominant=" + dominantState + " ps=" + Arrays.toString(psByState);
    }
}
