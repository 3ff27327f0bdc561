package org.locksim.ui.timeline;


/**
 * Makes a {@link CounterLevels} in one pass over a counter's samples, in time order, holding
 * only the buckets and the samples of the bucket being filled: memory grows with the buckets,
 * not with the samples. A sample before the run's start counts in the first bucket, one after
 * its end in the last.
 */
final class CounterLevelsBuilder {
  private static final long NONE = CounterLevels.NONE;

  private final long origin;
  private final long bucketPs;
  private final long[] bucketMax;
  private final long[] last;
  private final int[] fallAt;
  private final int[] riseAt;
  /** The falling and the rising steps of the buckets closed so far. */
  private final TimedValues falls = new TimedValues(64);
  private final TimedValues rises = new TimedValues(64);
  /** The samples of the bucket being filled. */
  private final TimedValues samples = new TimedValues(16);
  /** The bucket being filled; those before it are done. */
  private int current;
  /** The value in effect when the current bucket began. */
  private long entered = NONE;

  /** Buckets of {@code bucketPs} (a power of two) over the run {@code [origin, end]}. */
  CounterLevelsBuilder(long origin, long end, long bucketPs) {
    if (bucketPs < 1 || Long.bitCount(bucketPs) != 1) {
      throw new IllegalArgumentException("bucket " + bucketPs + " ps is not a power of two");
    }
    this.origin = origin;
    this.bucketPs = bucketPs;
    long span = Math.max(1, end - origin + 1);
    long n = (span + bucketPs - 1) / bucketPs;
    if (n > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException(n + " buckets are too many");
    }
    bucketMax = new long[(int) n];
    last = new long[(int) n];
    fallAt = new int[(int) n + 1];
    riseAt = new int[(int) n + 1];
  }

  /** Adds the sample {@code value} at {@code timePs}, no earlier than the one before. */
  void add(long timePs, long value) {
    long b = timePs < origin ? 0 : Math.min(last.length - 1, (timePs - origin) / bucketPs);
    while (current < b) {
      close();
    }
    samples.add(timePs, value);
  }

  /** Closes the remaining buckets and returns the summary; the builder is spent. */
  CounterLevels build() {
    while (current < last.length) {
      close();
    }
    return new CounterLevels(origin, bucketPs, bucketMax, last, fallAt, falls.times(),
        falls.values(), riseAt, rises.times(), rises.values());
  }

  /** Summarises the current bucket from its samples and moves to the next. */
  private void close() {
    int b = current;
    long start = origin + b * bucketPs;
    long[] times = samples.time;
    long[] values = samples.value;
    int size = samples.size;
    // Rising steps: the highest value from the bucket's start (with the value it entered with)
    // up to each sample that raised it.
    fallAt[b] = falls.size;
    riseAt[b] = rises.size;
    long high = entered;
    for (int i = 0; i < size; i++) {
      if (values[i] > high) {
        high = values[i];
        rises.add(times[i], high);
      }
    }
    bucketMax[b] = high;
    // Falling steps: the highest value from a time to the bucket's end. At a sample's time it
    // is every sample from that time on (all those sharing it too); just after, the value in
    // effect (the last of them) and every later sample. Found backwards, kept in time order.
    if (size > 0) {
      int from = falls.size;
      long suffix = NONE;
      for (int i = size - 1; i >= 0;) {
        long t = times[i];
        long after = Math.max(values[i], suffix);
        long group = NONE;
        for (; i >= 0 && times[i] == t; i--) {
          group = Math.max(group, values[i]);
        }
        falls.add(t + 1, after);
        suffix = Math.max(suffix, group);
        falls.add(t, suffix);
      }
      if (times[0] > start) {
        falls.add(start, Math.max(entered, suffix));
      }
      reverseAndMerge(from);
    }
    long end = size > 0 ? values[size - 1] : entered;
    last[b] = end;
    entered = end;
    samples.size = 0;
    current++;
    fallAt[current] = falls.size;
    riseAt[current] = rises.size;
  }

  /**
   * Puts the steps written backwards from {@code from} in time order and keeps one per change
   * of value (of two at one time, the later: the one just after a sample, met by the next).
   */
  private void reverseAndMerge(int from) {
    long[] at = falls.time;
    long[] v = falls.value;
    for (int i = from, j = falls.size - 1; i < j; i++, j--) {
      swap(at, i, j);
      swap(v, i, j);
    }
    int out = from;
    for (int i = from; i < falls.size; i++) {
      if (out > from && at[out - 1] == at[i]) {
        out--;
      }
      if (out > from && v[out - 1] == v[i]) {
        continue;
      }
      at[out] = at[i];
      v[out] = v[i];
      out++;
    }
    falls.size = out;
  }

  private static void swap(long[] a, int i, int j) {
    long t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
}
