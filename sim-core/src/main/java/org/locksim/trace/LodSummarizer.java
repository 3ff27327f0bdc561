package org.locksim.trace;

import java.util.ArrayList;
import java.util.List;

/**
 * Turns one row's intervals (in start order) into at most a few {@link SummarySpan}s per pixel.
 *
 * <p>Pixel {@code p} covers {@code [from + p * psPerPixel, from + (p + 1) * psPerPixel)}.
 * Intervals at least a pixel long pass through as exact spans; shorter ones accumulate into the
 * pending bucket of the pixel they fall in (one that straddles a pixel edge is split between the
 * two pixels), in the manner of Trace Compass's sub-pixel merging.
 */
final class LodSummarizer {
    private final long from;
    private final long to;
    private final long psPerPixel;
    private final int states;
    private final List<SummarySpan> out = new ArrayList<>();
    private long bucketPixel = -1;
    private long bucketStart;
    private long bucketEnd;
    private int bucketCount;
    private long[] bucketPs;

    LodSummarizer(long from, long to, long psPerPixel, int states) {
        if (to <= from || psPerPixel <= 0) {
            throw new IllegalArgumentException("need from < to and psPerPixel > 0, got ["
                + from + ", " + to + ") at " + psPerPixel + " ps/pixel");
        }
        this.from = from;
        this.to = to;
        this.psPerPixel = psPerPixel;
        this.states = states;
        this.bucketPs = new long[states];
    }

    void add(long start, long end, int state, int detail) {
        long s = Math.max(start, from);
        long e = Math.min(end, to);
        if (e < s || s >= to) {
            return;
        }
        if (e - s >= psPerPixel) {
            flush();
            long[] ps = new long[states];
            ps[state] = e - s;
            out.add(new SummarySpan(s, e, false, 1, detail, ps));
            return;
        }
        long pixel = (s - from) / psPerPixel;
        long pixelEnd = pixelStart(pixel + 1);
        accumulate(pixel, s, Math.min(e, pixelEnd), state);
        if (e > pixelEnd) {
            accumulate(pixel + 1, pixelEnd, e, state);
        }
    }

    List<SummarySpan> finish() {
        flush();
        return out;
    }

    private void accumulate(long pixel, long s, long e, int state) {
        if (pixel != bucketPixel) {
            flush();
            bucketPixel = pixel;
            bucketStart = s;
            bucketEnd = e;
        }
        bucketPs[state] += e - s;
        bucketEnd = Math.max(bucketEnd, e);
        bucketCount++;
    }

    private void flush() {
        if (bucketCount > 0) {
            out.add(new SummarySpan(bucketStart, bucketEnd, true, bucketCount, -1, bucketPs));
            bucketPs = new long[states];
        }
        bucketCount = 0;
        bucketPixel = -1;
    }

    private long pixelStart(long pixel) {
        long offset = pixel > Long.MAX_VALUE / psPerPixel ? Long.MAX_VALUE : pixel * psPerPixel;
        return offset > Long.MAX_VALUE - from ? Long.MAX_VALUE : from + offset;
    }
}
