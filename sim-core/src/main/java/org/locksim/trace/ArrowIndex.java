package org.locksim.trace;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Finds the arrows of a window without decoding blocks that hold none of them. The trace's own
 * index of the arrows' row gives each block the span from its earliest arrow's start to its
 * latest arrow's end, so a few long arrows (a wakeup after a long sleep, a migration after a
 * long wait) stretch most blocks' spans over many milliseconds and a narrow window decodes
 * dozens of blocks. Here each block's span covers only its arrows no longer than
 * {@code wide}; the longer ones, a fraction of a percent of them, are kept in memory.
 */
final class ArrowIndex {
    private final TraceFile trace;
    private final long wide;
    private final long[] min;
    private final long[] max;
    private final List<Arrow> longOnes = new ArrayList<>();

    ArrowIndex(TraceFile trace, long wide) {
        this.trace = trace;
        this.wide = wide;
        this.min = new long[Math.max(1, trace.blockCount())];
        this.max = new long[min.length];
        Arrays.fill(min, Long.MAX_VALUE);
        Arrays.fill(max, Long.MIN_VALUE);
    }

    /** Records arrow {@code i} of block {@code b}, as the index is built. */
    void add(int b, DecodedBlock d, int i, ArrowKind[] kinds) {
        if (d.t1[i] - d.t0[i] > wide) {
            longOnes.add(new Arrow(kinds[d.sub[i]], d.t0[i], d.a[i], d.t1[i], d.b[i], d.c[i]));
        } else {
            min[b] = Math.min(min[b], d.t0[i]);
            max[b] = Math.max(max[b], d.t1[i]);
        }
    }

    /**
     * The arrows whose span {@code [fromPs', toPs']} meets {@code [fromPs, toPs)}, as
     * {@link TraceFile#arrows} gives them: the short ones in file order, then the long ones.
     */
    List<Arrow> arrows(long fromPs, long toPs) {
        List<Arrow> out = new ArrayList<>();
        ArrowKind[] kinds = ArrowKind.values();
        for (int b = 0; b < min.length; b++) {
            if (min[b] < toPs && max[b] >= fromPs) {
                DecodedBlock d = trace.block(b);
                d.forEachInRow(Format.ROW_ARROWS, 0, i -> {
                    if (d.t1[i] - d.t0[i] <= wide && d.t0[i] < toPs && d.t1[i] >= fromPs) {
                        out.add(new Arrow(kinds[d.sub[i]], d.t0[i], d.a[i], d.t1[i], d.b[i], d.c[i]));
                    }
                });
            }
        }
        for (Arrow a : longOnes) {
            if (a.fromPs() < toPs && a.toPs() >= fromPs) {
                out.add(a);
            }
        }
        return out;
    }
}
