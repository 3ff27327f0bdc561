package org.locksim.trace;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * A trace's lanes summarised once, at every power-of-two width of bucket from the finest the
 * memory allows up to the whole run, so that drawing a frame reads a few spans per pixel instead
 * of every interval of the window: the image pyramid (mipmap) of the timeline, as Trace Compass
 * and Perfetto keep summaries per zoom level. Level {@code j} holds each row as
 * {@link TraceFile#summaries} returns it for pixels {@code finest * 2^j} picoseconds wide,
 * aligned to the trace's start; it is made from level {@code j - 1}, and the finest from one
 * pass over the file, which also indexes the arrows ({@link ArrowIndex}).
 *
 * <p>{@link #summaries} answers a frame from the coarsest level whose buckets are no wider than
 * its pixels, merging into the frame's own pixels as {@link TraceFile#summaries} would; a merged
 * bucket that straddles a pixel edge is split between the two pixels in proportion. The figures
 * of each pixel are those of the file to within a bucket at each of its edges. A frame finer
 * than the finest level reads the file, which at that zoom holds about one interval per pixel
 * and lane. The levels take at most about {@code budget} buckets over all rows, times four, but
 * the finest has at least 4,096 buckets a row, so that the whole run is never read from the file.
 */
public final class LodIndex {
    /** Buckets per row and level at the least: wider pixels gain nothing from a level. */
    private static final long MIN_BUCKETS = 256;
    /**
     * Buckets per row of the finest level at the least, whatever the budget: the whole run on a
     * screen 4,096 pixels wide is read from the levels, never from the file.
     */
    private static final long SCREEN_BUCKETS = 4096;
    /** Arrows longer than this many finest buckets are kept in memory ({@link ArrowIndex}). */
    private static final long WIDE_ARROW_BUCKETS = 4;

    private final TraceFile trace;
    private final long finestPs;
    private final long origin;
    private final int levelCount;
    /** levels[kind][row][level]. */
    private final LodLevel[][][] levels;
    /** arrowsBefore[b]: how many arrows start before finest bucket {@code b}. */
    private final long[] arrowsBefore;
    private final ArrowIndex arrowIndex;

    private LodIndex(TraceFile trace, long origin, long finestPs, int levelCount,
        LodLevel[][][] levels, long[] arrowsBefore, ArrowIndex arrowIndex) {
        this.trace = trace;
        this.origin = origin;
        this.finestPs = finestPs;
        this.levelCount = levelCount;
        this.levels = levels;
        this.arrowsBefore = arrowsBefore;
        this.arrowIndex = arrowIndex;
    }

    /**
     * Reads {@code trace} once and summarises it into levels of at most about {@code budget}
     * buckets each over all its rows (about {@code budget * 4} spans in all, a hundred bytes
     * each at the most).
     */
    public static LodIndex build(TraceFile trace, long budget) {
        if (budget < 1) {
            throw new IllegalArgumentException("budget " + budget + " < 1");
        }
        long origin = trace.startPs();
        long span = Math.max(1, trace.endPs() - origin);
        int rows = trace.cpuCount() + trace.taskCount() + trace.lockCount();
        long finest = Math.min(floorPow2(Math.max(1, span / SCREEN_BUCKETS)),
            Math.max(ceilPow2(span / Math.max(1, budget / Math.max(1, rows))),
                floorPow2(Math.max(1, span / Math.max(1, trace.recordCount() / Math.max(1, rows))))));
        int levelCount = 1;
        for (long w = finest; span / w > MIN_BUCKETS && w < Long.MAX_VALUE / 2; w *= 2) {
            levelCount++;
        }
        RowKind[] kinds = RowKind.values();
        LodLevel[][][] levels = new LodLevel[kinds.length][][];
        LodSummarizer[][] finestOf = new LodSummarizer[kinds.length][];
        for (RowKind k : kinds) {
            int n = count(trace, k);
            levels[k.ordinal()] = new LodLevel[n][levelCount];
            finestOf[k.ordinal()] = new LodSummarizer[n];
            for (int r = 0; r < n; r++) {
                LodLevel l = new LodLevel(k.stateCount());
                levels[k.ordinal()][r][0] = l;
                finestOf[k.ordinal()][r] = new LodSummarizer(origin, origin + span + 1, finest,
                    k.stateCount(), l);
            }
        }
        LodSummarizer[] cpus = finestOf[RowKind.CPU.ordinal()];
        LodSummarizer[] tasks = finestOf[RowKind.TASK.ordinal()];
        LodSummarizer[] locks = finestOf[RowKind.LOCK.ordinal()];
        long[] arrows = new long[(int) Math.min(Integer.MAX_VALUE - 8, span / finest + 2)];
        ArrowIndex arrowIndex = new ArrowIndex(trace, WIDE_ARROW_BUCKETS * finest);
        ArrowKind[] arrowKinds = ArrowKind.values();
        for (int b = 0; b < trace.blockCount(); b++) {
            DecodedBlock d = trace.decode(b);
            for (int i = 0; i < d.count(); i++) {
                switch (d.type[i]) {
                    case Format.T_CPU -> cpus[d.row[i]].add(d.t0[i], d.t1[i], d.sub[i], d.a[i]);
                    case Format.T_TASK -> tasks[d.row[i]].add(d.t0[i], d.t1[i], d.sub[i], d.a[i]);
                    case Format.T_LOCK -> locks[d.row[i]].add(d.t0[i], d.t1[i], 0, d.a[i]);
                    case Format.T_ARROW -> {
                        long bucket = Math.max(0, d.t0[i] - origin) / finest;
                        arrows[(int) Math.min(bucket, arrows.length - 2) + 1]++;
                        arrowIndex.add(b, d, i, arrowKinds);
                    }
                    default -> { }
                }
            }
        }
        for (RowKind k : kinds) {
            LodLevel[][] byRow = levels[k.ordinal()];
            for (int r = 0; r < byRow.length; r++) {
                finestOf[k.ordinal()][r].finish();
                byRow[r][0].trim();
                long w = finest;
                for (int j = 1; j < levelCount; j++) {
                    w *= 2;
                    LodLevel coarser = new LodLevel(k.stateCount());
                    LodSummarizer s = new LodSummarizer(origin, origin + span + 1, w,
                        k.stateCount(), coarser);
                    byRow[r][j - 1].feedAll(s);
                    s.finish();
                    coarser.trim();
                    byRow[r][j] = coarser;
                }
            }
        }
        for (int b = 1; b < arrows.length; b++) {
            arrows[b] += arrows[b - 1];
        }
        return new LodIndex(trace, origin, finest, levelCount, levels, arrows, arrowIndex);
    }

    /**
     * The budget of buckets for a heap of {@code maxHeapBytes}: one per KiB. Measured on the
     * README's example recorded at 10 and 100 million records, a budget of 4 million took 117 and
     * 77 MB (a 4 GiB heap's 3 %): far below the worst case, since most buckets of a task's lane
     * are empty or one span.
     */
    public static long budgetFor(long maxHeapBytes) {
        return Math.max(1 << 16, maxHeapBytes / 1024);
    }

    /** The width of the finest level's buckets, picoseconds: finer frames read the file. */
    public long finestPs() {
        return finestPs;
    }

    /**
     * About how many arrows start in {@code [fromPs, toPs)}: exact to within the arrows of the
     * finest buckets at the two edges, and exact for the whole run; for deciding, without reading
     * them, that there are too many to draw.
     */
    public long arrowsAbout(long fromPs, long toPs) {
        return arrowsBefore[bucket(toPs, true)] - arrowsBefore[bucket(fromPs, false)];
    }

    /**
     * The arrows whose span meets {@code [fromPs, toPs)}, as {@link TraceFile#arrows} gives them
     * (in another order), decoding only the blocks that hold some of them.
     */
    public List<Arrow> arrows(long fromPs, long toPs) {
        return arrowIndex.arrows(fromPs, toPs);
    }

    /** The finest bucket {@code ps} falls in, or the next one when {@code up} and it is inside one. */
    private int bucket(long ps, boolean up) {
        if (ps <= origin) {
            return 0;
        }
        long d = ps - origin;
        long b = d / finestPs + (up && d % finestPs != 0 ? 1 : 0);
        return (int) Math.min(b, arrowsBefore.length - 1);
    }

    /** How many levels there are, the finest first. */
    public int levelCount() {
        return levelCount;
    }

    /** Bytes the levels take, about. */
    public long bytes() {
        long b = 0;
        for (LodLevel[][] byRow : levels) {
            for (LodLevel[] row : byRow) {
                for (LodLevel l : row) {
                    b += l.bytes();
                }
            }
        }
        return b;
    }

    /**
     * Summarises {@code rows} of {@code kind} over {@code [fromPs, toPs)} at {@code psPerPixel},
     * as {@link TraceFile#summaries} does, from the coarsest level no wider than a pixel (from
     * the file when the pixels are finer than every level).
     */
    public List<List<SummarySpan>> summaries(RowKind kind, int[] rows, long fromPs, long toPs, long psPerPixel) {
        Objects.requireNonNull(kind, "kind");
        if (psPerPixel < finestPs || toPs <= fromPs) {
            return trace.summaries(kind, rows, fromPs, toPs, psPerPixel);
        }
        int level = 63 - Long.numberOfLeadingZeros(psPerPixel / finestPs);
        LodLevel[][] byRow = levels[kind.ordinal()];
        List<List<SummarySpan>> out = new ArrayList<>(rows.length);
        for (int row : rows) {
            LodSummarizer lod = new LodSummarizer(fromPs, toPs, psPerPixel, kind.stateCount());
            if (row >= 0 && row < byRow.length) {
                byRow[row][Math.min(level, levelCount - 1)].feed(fromPs, toPs, lod);
            }
            out.add(Collections.unmodifiableList(lod.finish()));
        }
        return out;
    }

    private static int count(TraceFile t, RowKind k) {
        return switch (k) {
            case CPU -> t.cpuCount();
            case TASK -> t.taskCount();
            case LOCK -> t.lockCount();
        };
    }

    private static long ceilPow2(long v) {
        return v <= 1 ? 1 : Long.highestOneBit(v - 1) << 1;
    }

    private static long floorPow2(long v) {
        return Long.highestOneBit(Math.max(1, v));
    }
}
