package org.locksim.ui.timeline;

/**
 * One counter summarised in buckets of a power-of-two width from the run's start, without its
 * samples: per bucket the highest value of the counter's step function in it (the value it
 * entered with and every sample inside), the value in effect at its end, and two short
 * staircases that answer for part of a bucket, exactly: the highest value from a time to the
 * bucket's end (it only falls, at the samples that were the highest of the rest) and from its
 * start to a time (it only rises). The highest values form a max-pyramid read as a segment
 * tree, so a pixel column of two buckets or more costs its two edge buckets and a few others,
 * whatever the samples; a column is exactly what the samples give ({@link StepColumns}).
 * Memory is a few numbers per bucket plus the staircases' steps, at most as many as the
 * distinct values in a bucket; {@link CounterLevelsBuilder} makes it in one pass.
 */
final class CounterLevels {
  /** Before any sample: no value. */
  static final long NONE = Long.MIN_VALUE;

  private final long origin;
  private final long bucketPs;
  /** maxima[j][b]: the highest value in bucket b of level j (level 0 the buckets). */
  private final long[][] maxima;
  /** last[b]: the value in effect at the end of bucket b. */
  private final long[] last;
  /** Bucket b's falling steps are fallFrom/fallValue[fallAt[b] .. fallAt[b + 1]). */
  private final int[] fallAt;
  private final long[] fallFrom;
  private final long[] fallValue;
  /** Bucket b's rising steps are riseFrom/riseValue[riseAt[b] .. riseAt[b + 1]). */
  private final int[] riseAt;
  private final long[] riseFrom;
  private final long[] riseValue;

  CounterLevels(long origin, long bucketPs, long[] bucketMax, long[] last, int[] fallAt,
      long[] fallFrom, long[] fallValue, int[] riseAt, long[] riseFrom, long[] riseValue) {
    this.origin = origin;
    this.bucketPs = bucketPs;
    this.maxima = pyramid(bucketMax);
    this.last = last;
    this.fallAt = fallAt;
    this.fallFrom = fallFrom;
    this.fallValue = fallValue;
    this.riseAt = riseAt;
    this.riseFrom = riseFrom;
    this.riseValue = riseValue;
  }

  /**
   * Summarises the {@code size} samples {@code (times[i], values[i])}, in time order, over the
   * run {@code [origin, end]} in buckets of {@code bucketPs} (a power of two).
   */
  static CounterLevels of(long[] times, long[] values, int size, long origin, long end,
      long bucketPs) {
    CounterLevelsBuilder b = new CounterLevelsBuilder(origin, end, bucketPs);
    for (int i = 0; i < size; i++) {
      b.add(times[i], values[i]);
    }
    return b.build();
  }

  private static long[][] pyramid(long[] level) {
    int levels = 1;
    for (int n = level.length; n > 1; n = (n + 1) / 2) {
      levels++;
    }
    long[][] out = new long[levels][];
    out[0] = level;
    for (int j = 1; j < levels; j++) {
      long[] finer = out[j - 1];
      long[] coarser = new long[(finer.length + 1) / 2];
      for (int b = 0; b < coarser.length; b++) {
        coarser[b] = 2 * b + 1 < finer.length ? Math.max(finer[2 * b], finer[2 * b + 1]) : finer[2 * b];
      }
      out[j] = coarser;
    }
    return out;
  }

  /** The buckets' width, picoseconds. */
  long bucketPs() {
    return bucketPs;
  }

  /** How many buckets there are. */
  int buckets() {
    return last.length;
  }

  /** True when a pixel of {@code psPerPixel} is at least two buckets wide. */
  boolean covers(long psPerPixel) {
    return psPerPixel >= 2 * bucketPs;
  }

  /**
   * The highest value of the counter in each of {@code columns} columns of {@code psPerPixel}
   * (two buckets or more: {@link #covers}) from {@code fromPs}, NaN where it has no value yet.
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

  /** The highest value of the step function over {@code [s, e]}, {@code e - s >= bucketPs}. */
  private long column(long s, long e) {
    int count = last.length;
    if (e < origin) {
      return NONE;
    }
    long first = s < origin ? -1 : (s - origin) / bucketPs;
    if (first >= count) {
      return last[count - 1];
    }
    long lastBucket = (e - origin) / bucketPs;
    long max = first < 0 ? NONE : fromTo((int) first, s);
    long wholeTo = Math.min(lastBucket - 1, count - 1);
    if (first + 1 <= wholeTo) {
      max = Math.max(max, rangeMax((int) first + 1, (int) wholeTo));
    }
    if (lastBucket < count) {
      max = Math.max(max, upTo((int) lastBucket, e));
    }
    return max;
  }

  /** The value bucket {@code b} entered with. */
  private long entered(int b) {
    return b == 0 ? NONE : last[b - 1];
  }

  /** The highest value from {@code s} (inside bucket {@code b}) to the bucket's end. */
  private long fromTo(int b, long s) {
    int k = lastAtOrBefore(fallFrom, fallAt[b], fallAt[b + 1], s);
    return k < 0 ? entered(b) : fallValue[k];
  }

  /** The highest value from bucket {@code b}'s start (and what it entered with) to {@code e}. */
  private long upTo(int b, long e) {
    int k = lastAtOrBefore(riseFrom, riseAt[b], riseAt[b + 1], e);
    return k < 0 ? entered(b) : riseValue[k];
  }

  /** The index in {@code [lo, hi)} of the last time at or before {@code t}, or -1. */
  private static int lastAtOrBefore(long[] times, int lo, int hi, long t) {
    int from = lo;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (times[mid] <= t) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo - 1 >= from ? lo - 1 : -1;
  }

  /** The highest value of buckets {@code lo..hi}, both included. */
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

  /** About how many bytes the summary holds. */
  long bytes() {
    long n = 0;
    for (long[] level : maxima) {
      n += 8L * level.length;
    }
    return n + 8L * last.length + 4L * (fallAt.length + riseAt.length)
        + 16L * (fallFrom.length + riseFrom.length);
  }
}
