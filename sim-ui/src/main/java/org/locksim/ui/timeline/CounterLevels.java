package org.locksim.ui.timeline;

/**
 * One counter's highest value per bucket, at every power-of-two width of bucket from about a
 * 65,536th of the run up to the whole run (a max-pyramid, read as a segment tree), so that a
 * counter track zoomed out is drawn from a few dozen buckets per pixel column instead of every
 * sample of the window. A bucket's highest value is that of the counter's step function over
 * it: the value it entered with and every sample inside, so a spike of one picosecond is never
 * lost. A column's own edges are read from the samples, so it is exact.
 */
final class CounterLevels {
  /** How many buckets the finest level has, at most. */
  static final int FINEST_BUCKETS = 1 << 16;
  private static final long NONE = Long.MIN_VALUE;

  private final long origin;
  private final long finestPs;
  /** maxima[j][b]: the highest value in bucket b of level j; {@link #NONE} before any sample. */
  private final long[][] maxima;
  private final long[] times;
  private final long[] values;
  private final int size;

  private CounterLevels(long origin, long finestPs, long[][] maxima, long[] times, long[] values,
      int size) {
    this.origin = origin;
    this.finestPs = finestPs;
    this.maxima = maxima;
    this.times = times;
    this.values = values;
    this.size = size;
  }

  /**
   * Summarises the {@code size} samples {@code (times[i], values[i])}, in time order, over the
   * run {@code [origin, end]}; the arrays are kept, not copied.
   */
  static CounterLevels of(long[] times, long[] values, int size, long origin, long end) {
    long span = Math.max(1, end - origin + 1);
    long finest = Long.highestOneBit(Math.max(1, (span - 1) / FINEST_BUCKETS)) << 1;
    int buckets = (int) ((span + finest - 1) / finest);
    long[] level = new long[buckets];
    long value = NONE;
    int i = 0;
    for (int b = 0; b < buckets; b++) {
      long bucketEnd = origin + (b + 1) * finest;
      long max = value;
      for (; i < size && times[i] < bucketEnd; i++) {
        value = values[i];
        max = Math.max(max, value);
      }
      level[b] = max;
    }
    int levels = 1;
    for (int n = buckets; n > 1; n = (n + 1) / 2) {
      levels++;
    }
    long[][] maxima = new long[levels][];
    maxima[0] = level;
    for (int j = 1; j < levels; j++) {
      long[] finer = maxima[j - 1];
      long[] coarser = new long[(finer.length + 1) / 2];
      for (int b = 0; b < coarser.length; b++) {
        coarser[b] = 2 * b + 1 < finer.length ? Math.max(finer[2 * b], finer[2 * b + 1]) : finer[2 * b];
      }
      maxima[j] = coarser;
    }
    return new CounterLevels(origin, finest, maxima, times, values, size);
  }

  /** True when a pixel of {@code psPerPixel} is at least two finest buckets wide. */
  boolean covers(long psPerPixel) {
    return psPerPixel >= 2 * finestPs;
  }

  /**
   * As {@link CounterStore#columns}, and as exact: each column takes the value in effect at its
   * start, the samples of its partial buckets at either edge (found by binary search) and the
   * highest of its whole buckets from the fewest buckets of any level that cover them (a
   * range-maximum query).
   */
  double[] columns(long fromPs, long psPerPixel, int columns) {
    double[] out = new double[columns];
    for (int c = 0; c < columns; c++) {
      long s = fromPs + c * psPerPixel;
      long max = column(s, s + psPerPixel - 1);
      out[c] = max == NONE ? Double.NaN : max;
    }
    return out;
  }

  /** The highest value of the step function over {@code [s, e]}. */
  private long column(long s, long e) {
    int i = lastAtOrBefore(s);
    long max = i < 0 ? NONE : values[i];
    int finestCount = maxima[0].length;
    long first = s < origin ? 0 : (s - origin) / finestPs + 1;
    long lastWhole = e < origin ? -1 : Math.min(finestCount, (e - origin + 1) / finestPs) - 1;
    long wholeFrom = first <= lastWhole ? origin + first * finestPs : e + 1;
    long wholeTo = first <= lastWhole ? origin + (lastWhole + 1) * finestPs - 1 : e;
    if (first <= lastWhole) {
      max = Math.max(max, rangeMax((int) first, (int) lastWhole));
    }
    // Samples after s and before the whole buckets, then after them up to e.
    for (int k = i + 1; k < size && times[k] < wholeFrom && times[k] <= e; k++) {
      max = Math.max(max, values[k]);
    }
    for (int k = Math.max(i + 1, lastAtOrBefore(wholeTo) + 1); k < size && times[k] <= e; k++) {
      max = Math.max(max, values[k]);
    }
    return max;
  }

  /** The index of the last sample at or before {@code t}, or -1. */
  private int lastAtOrBefore(long t) {
    int lo = 0;
    int hi = size;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (times[mid] <= t) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo - 1;
  }

  /** The highest value of finest buckets {@code lo..hi}, both included. */
  private long rangeMax(int lo, int hi) {
    long max = NONE;
    for (int j = 0; lo <= hi; j++) {
      if ((lo & 1) == 1) {
        max = Math.max(max, maxima[j][lo++]);
      }
      if ((hi & 1) == 0 && lo <= hi) {
        max = Math.max(max, maxima[j][hi--]);
      }
      lo >>= 1;
      hi = hi < 0 ? -1 : hi >> 1;
    }
    return max;
  }
}
