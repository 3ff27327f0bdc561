package org.locksim.ui.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Why: zoomed out, a counter track is drawn from the max-pyramid, not from every sample, so a
 * frame costs the same at any length of run; each column must still hold exactly the highest
 * value the counter took in it (a spike is never lost, and nothing leaks from a neighbour).
 * Checked against the step function itself on random samples.
 */
class CounterLevelsTest {
  private static final long ORIGIN = 1_000;
  private static final long END = 50_000_000;
  private final long[] times = new long[5_000];
  private final long[] values = new long[5_000];

  CounterLevelsTest() {
    SplittableRandom r = new SplittableRandom(3);
    long t = ORIGIN + 20_000;
    for (int i = 0; i < times.length; i++) {
      t += r.nextLong(0, 19_000);
      times[i] = t;
      values[i] = r.nextInt(10) == 0 ? r.nextLong(50, 100) : r.nextLong(0, 8);
    }
  }

  /** The highest value of the step function over {@code [s, e]}, NaN before the first sample. */
  private double brute(long s, long e) {
    double max = Double.NaN;
    for (int i = 0; i < times.length; i++) {
      boolean inEffectAtS = times[i] <= s && (i + 1 == times.length || times[i + 1] > s);
      if (inEffectAtS || (times[i] > s && times[i] <= e)) {
        max = Double.isNaN(max) ? values[i] : Math.max(max, values[i]);
      }
    }
    return max;
  }

  @Test
  void eachColumnHoldsTheHighestValueTheStepFunctionTookInIt() {
    CounterLevels levels = CounterLevels.of(times, values, times.length, ORIGIN, END);
    long finest = Long.highestOneBit((END - ORIGIN) / CounterLevels.FINEST_BUCKETS) << 1;
    for (long perPixel : new long[] {2 * finest, 7 * finest + 13, 333_333, 6 * finest}) {
      for (long from : new long[] {ORIGIN + 12_345, ORIGIN + 40 * finest, 0}) {
        double[] cols = levels.columns(from, perPixel, 160);
        for (int c = 0; c < cols.length; c++) {
          long s = from + c * perPixel;
          assertEquals(brute(s, s + perPixel - 1), cols[c], "column " + c + " at " + perPixel + " ps");
        }
      }
    }
    double[] all = levels.columns(ORIGIN, END - ORIGIN, 2);
    assertEquals(99, all[0], "the whole run's highest value");
    assertTrue(Double.isNaN(levels.columns(ORIGIN, finest * 2, 1)[0]), "before the first sample");
  }
}
