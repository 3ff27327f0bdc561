package org.locksim.ui.timeline;

import java.util.Arrays;

/**
 * Reduces a counter's samples to pixel columns directly: each column holds the highest value
 * the counter's step function took in it (the value in effect at the column's start and every
 * sample inside, also those that share a time with the next), NaN before the first sample. What {@link CounterLevels} answers from its
 * buckets, computed from the samples themselves, for windows finer than the buckets.
 */
final class StepColumns {
  private StepColumns() { }

  /**
   * Returns the highest value in each of {@code columns} columns of {@code psPerPixel} from
   * {@code fromPs}, of the {@code size} samples {@code (times[i], values[i])} in time order
   * (the first at or before {@code fromPs} when the counter has one).
   */
  static double[] of(long[] times, long[] values, int size, long fromPs, long psPerPixel,
      int columns) {
    double[] out = new double[columns];
    Arrays.fill(out, Double.NaN);
    long toPs = fromPs + psPerPixel * columns;
    int i = Arrays.binarySearch(times, 0, size, fromPs);
    if (i >= 0) {
      // Every sample at fromPs is in the first column, however many share that time.
      while (i > 0 && times[i - 1] == fromPs) {
        i--;
      }
    } else {
      i = Math.max(0, -i - 2);
    }
    for (; i < size && times[i] < toPs; i++) {
      long start = Math.max(times[i], fromPs);
      long end = i + 1 < size ? Math.min(times[i + 1], toPs) : toPs;
      if (end <= start && !(start == times[i] && start >= fromPs)) {
        continue;
      }
      int c0 = (int) ((start - fromPs) / psPerPixel);
      int c1 = (int) Math.min(columns - 1, (Math.max(start, end - 1) - fromPs) / psPerPixel);
      for (int c = Math.max(0, c0); c <= c1; c++) {
        out[c] = Double.isNaN(out[c]) ? values[i] : Math.max(out[c], values[i]);
      }
    }
    return out;
  }
}
