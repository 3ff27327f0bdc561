package org.locksim.report.perf;

/**
 * Mean and relative spread of a figure over repeats, as {@code perf stat --repeat} prints it:
 * the standard deviation of the mean as a percentage of the mean
 * ({@code tools/perf/util/stat.c}: {@code rel_stddev_stats}).
 *
 * @param mean the average
 * @param relPct 100 * stddev / sqrt(n) / mean; 0 for one run
 */
public record Spread(double mean, double relPct) {
  /** The spread of {@code values}. */
  public static Spread of(double[] values) {
    int n = values.length;
    double mean = 0;
    for (double v : values) {
      mean += v;
    }
    mean /= n;
    if (n < 2 || mean == 0) {
      return new Spread(mean, 0);
    }
    double ss = 0;
    for (double v : values) {
      ss += (v - mean) * (v - mean);
    }
    double stddev = Math.sqrt(ss / (n - 1));
    return new Spread(mean, 100 * stddev / Math.sqrt(n) / Math.abs(mean));
  }
}
