package org.locksim.trace.export;

import java.util.Arrays;

/**
 * Keeps the complete events of one lane properly nested, as the Chrome format requires: each
 * new slice (arriving in start order) either lies inside the innermost open slice or after it;
 * one that would stick out past an enclosing slice's end is cut at that end.
 */
final class NestingGuard {
    private long[] ends = new long[4];
    private int depth;

    /** Admits {@code [start, end)} and returns the end it may have without breaking nesting. */
    long admit(long start, long end) {
        while (depth > 0 && ends[depth - 1] <= start) {
            depth--;
        }
        long e = depth > 0 ? Math.min(end, ends[depth - 1]) : end;
        if (depth == ends.length) {
            ends = Arrays.copyOf(ends, depth * 2);
        }
        ends[depth++] = e;
        return e;
    }
}
