package org.locksim.trace;

import java.util.ArrayList;
import java.util.List;

/**
 * Turns one row's intervals (in start order) into at most a few {@link SummarySpan}s per pixel.
 *
 * <p>Pixel {@code p} covers {@code [from + p * psPerPixel, from + (p + 1) * psPerPixel)}.
 * Intervals at least a pixel long pass through as exact spans; shorter ones accumulate into the
 * pending bucket of the pixel they fall in (one that straddles a pixel edge is split between the
 * two pixels), in the manner of Trace Compass's sub-pixel merging. Spans already merged at a
 * finer resolution ({@link #addMerged}, from a {@link LodIndex} level) accumulate the same way,
 * their time per state split between two pixels in proportion when they straddle an edge.
 */
final class LodSummarizer {
    /** Receives the spans a summarizer makes; {@code psByState} is the receiver's to keep. */
    interface Sink {
        void span(long start, long end, boolean merged, int count, int detail, long[] psByState);
    }

    private final long from;
    private final long to;
    private final long psPerPixel;
    private final int states;
    private final Sink sink;
    private List<SummarySpan> out;
    private long bucketPixel = -1;
    private long bucketStart;
    private long bucketEnd;
    private int bucketCount;
    private long[] bucketPs;
    /** What {@link #addMerged} carries over into the next pixel, per state. */
    private final long[] rest;

    LodSummarizer(long from, long to, long psPerPixel, int states) {
        this(from, to, psPerPixel, states, null);
        out = new ArrayList<>();
    }

    /** A summarizer that hands its spans to {@code sink} as they are made. */
    LodSummarizer(long from, long to, long psPerPixel, int states, Sink sink) {
        if (to <= from || psPerPixel <= 0) {
            throw new IllegalArgumentException("need from < to and psPerPixel > 0, got ["
                + from + ", " + to + ") at " + psPerPixel + " ps/pixel");
        }
        this.from = from;
        this.to = to;
        this.psPerPixel = psPerPixel;
        this.states = states;
        this.sink = sink;
        this.bucketPs = new long[states];
        this.rest = new long[states];
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
            emit(s, e, false, 1, detail, ps);
            return;
        }
        long pixel = (s - from) / psPerPixel;
        long pixelEnd = pixelStart(pixel + 1);
        accumulate(pixel, s, Math.min(e, pixelEnd), state);
        if (e > pixelEnd) {
            accumulate(pixel + 1, pixelEnd, e, state);
        }
    }

    /**
     * Adds {@code count} intervals already merged over {@code [start, end)}, shorter than a
     * pixel, that took {@code psByState} of it in each state; the part outside the range is cut
     * off in proportion.
     */
    void addMerged(long start, long end, int count, long[] psByState, int offset) {
        long s = Math.max(start, from);
        long e = Math.min(end, to);
        if (e < s || s >= to) {
            return;
        }
        long pixel = (s - from) / psPerPixel;
        long pixelEnd = pixelStart(pixel + 1);
        open(pixel, s, Math.min(e, pixelEnd));
        bucketCount += count;
        if (s == start && e == end && e <= pixelEnd) {
            for (int st = 0; st < states; st++) {
                bucketPs[st] += psByState[offset + st];
            }
            return;
        }
        double kept = end == start ? 1 : (double) (e - s) / (end - start);
        double first = e <= pixelEnd || e == s ? 1 : (double) (pixelEnd - s) / (e - s);
        for (int st = 0; st < states; st++) {
            long v = (long) (psByState[offset + st] * kept);
            long here = (long) (v * first);
            bucketPs[st] += here;
            rest[st] = v - here;
        }
        if (e > pixelEnd) {
            // The intervals straddle the edge: they count in both pixels, as add() counts one.
            open(pixel + 1, pixelEnd, e);
            bucketCount += count;
            for (int st = 0; st < states; st++) {
                bucketPs[st] += rest[st];
            }
        }
    }

    List<SummarySpan> finish() {
        flush();
        return out;
    }

    private void accumulate(long pixel, long s, long e, int state) {
        open(pixel, s, e);
        bucketPs[state] += e - s;
        bucketCount++;
    }

    /** Makes {@code pixel}'s bucket the pending one and stretches it over {@code [s, e)}. */
    private void open(long pixel, long s, long e) {
        if (pixel != bucketPixel) {
            flush();
            bucketPixel = pixel;
            bucketStart = s;
            bucketEnd = e;
        }
        bucketEnd = Math.max(bucketEnd, e);
    }

    private void flush() {
        if (bucketCount > 0) {
            emit(bucketStart, bucketEnd, true, bucketCount, -1, bucketPs);
            bucketPs = new long[states];
        }
        bucketCount = 0;
        bucketPixel = -1;
    }

    private void emit(long s, long e, boolean merged, int count, int detail, long[] ps) {
        if (sink != null) {
            sink.span(s, e, merged, count, detail, ps);
        } else {
            out.add(new SummarySpan(s, e, merged, count, detail, ps));
        }
    }

    private long pixelStart(long pixel) {
        long offset = pixel > Long.MAX_VALUE / psPerPixel ? Long.MAX_VALUE : pixel * psPerPixel;
        return offset > Long.MAX_VALUE - from ? Long.MAX_VALUE : from + offset;
    }
}
