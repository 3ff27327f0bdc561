package org.locksim.ui.timeline;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Why: zoomed out, a counter track is drawn from its buckets, not from its samples (which are
 * not kept), so a frame costs the same at any length of run and memory follows the buckets;
 * each column must still hold exactly the highest value the counter took in it (a spike is
 * never lost, nothing leaks from a neighbour, a column edge inside a bucket is exact). Checked
 * against the step function itself, and against {@link StepColumns}, on random samples, on
 * samples sharing a time, on a ramp and on samples at bucket edges.
 */
class CounterLevelsTest {
  private static final long ORIGIN = 1_000;
  private static final long END = 50_000_000;
  private static final long BUCKET = 1 << 10;

  /**
   * The highest value of the step function over {@code [s, e]}: the value in effect at {@code
   * s} and every sample in {@code [s, e]}, NaN before the first sample.
   */
  private static double brute(long[] times, long[] values, long s, long e) {
    double max = Double.NaN;
    for (int i = 0; i < times.length; i++) {
      boolean inEffectAtS = times[i] <= s && (i + 1 == times.length || times[i + 1] > s);
      if (inEffectAtS || (times[i] >= s && times[i] <= e)) {
        max = Double.isNaN(max) ? values[i] : Math.max(max, values[i]);
      }
    }
    return max;
  }

  private static void checkAgainstTheSamples(long[] times, long[] values, long bucket) {
    CounterLevels levels = CounterLevels.of(times, values, times.length, ORIGIN, END, bucket);
    for (long perPixel : new long[] {2 * bucket, 2 * bucket + 1, 7 * bucket + 13, 333_333,
        6 * bucket, 64 * bucket - 1}) {
      for (long from : new long[] {ORIGIN + 12_345, ORIGIN + 40 * bucket, ORIGIN, 0,
          ORIGIN + 40 * bucket - 1, END - 100 * perPixel}) {
        double[] cols = levels.columns(from, perPixel, 160);
        for (int c = 0; c < cols.length; c++) {
          long s = from + c * perPixel;
          assertEquals(brute(times, values, s, s + perPixel - 1), cols[c],
              "column " + c + " at " + perPixel + " ps from " + from);
        }
        assertArrayEquals(StepColumns.of(times, values, times.length, from, perPixel, 160), cols,
            "as the samples give it directly");
      }
    }
  }

  @Test
  void eachColumnHoldsTheHighestValueTheStepFunctionTookInIt() {
    SplittableRandom r = new SplittableRandom(3);
    long[] times = new long[5_000];
    long[] values = new long[5_000];
    long t = ORIGIN + 20_000;
    for (int i = 0; i < times.length; i++) {
      t += r.nextInt(4) == 0 ? 0 : r.nextLong(0, 19_000);
      times[i] = t;
      values[i] = r.nextInt(10) == 0 ? r.nextLong(50, 100) : r.nextLong(0, 8);
    }
    checkAgainstTheSamples(times, values, BUCKET);
    checkAgainstTheSamples(times, values, 1 << 14);
    CounterLevels levels = CounterLevels.of(times, values, times.length, ORIGIN, END, BUCKET);
    double[] all = levels.columns(ORIGIN, END - ORIGIN, 2);
    assertEquals(99, all[0], "the whole run's highest value");
    assertTrue(Double.isNaN(levels.columns(ORIGIN, BUCKET * 2, 1)[0]), "before the first sample");
  }

  @Test
  void rampsAndSamplesOnBucketEdgesAreExactToo() {
    int n = 3_000;
    long[] times = new long[n];
    long[] values = new long[n];
    long t = ORIGIN + 5_000;
    for (int i = 0; i < n; i++) {
      // Runs of rising then falling values, many to a bucket, some on a bucket's first ps and
      // some sharing a time.
      t = i % 7 == 0 ? ORIGIN + ((t - ORIGIN) / BUCKET + 1) * BUCKET : t + (i % 5 == 0 ? 0 : 37);
      times[i] = t;
      values[i] = (i / 50) % 2 == 0 ? i % 50 : 50 - i % 50;
    }
    checkAgainstTheSamples(times, values, BUCKET);
  }

  @Test
  void memoryFollowsTheBucketsNotTheSamples() {
    int n = 1_000_000;
    long[] times = new long[n];
    long[] values = new long[n];
    SplittableRandom r = new SplittableRandom(5);
    for (int i = 0; i < n; i++) {
      times[i] = ORIGIN + (long) i * 49;
      values[i] = r.nextLong(0, 4);
    }
    CounterLevels levels = CounterLevels.of(times, values, n, ORIGIN, END, 1 << 16);
    assertEquals(763, levels.buckets());
    assertTrue(levels.bytes() < 200_000, levels.bytes() + " bytes for " + n + " samples");
  }
}
