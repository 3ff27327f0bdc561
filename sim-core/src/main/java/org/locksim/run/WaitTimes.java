package org.locksim.run;

import java.util.List;
import org.HdrHistogram.Histogram;
import org.locksim.metrics.LockStats;

/**
 * The waits of a run's contended acquisitions, every lock's merged: lock_stat's waittime
 * (Documentation/locking/lockstat.rst), the distribution whose tail lock papers plot as
 * acquisition latency. Uncontended acquisitions, which wait for nothing, are not in it, as
 * lock_stat leaves them out; the values come from each lock's HdrHistogram in nanoseconds, so
 * they are exact to its precision (two significant digits by default, within 1%).
 */
public final class WaitTimes {
  private WaitTimes() { }

  /**
   * The wait, in nanoseconds, that {@code percentile} percent of the contended acquisitions of
   * all {@code locks} did not exceed; NaN when no acquisition waited.
   */
  public static double percentileNs(List<LockStats> locks, double percentile) {
    Histogram all = null;
    for (LockStats l : locks) {
      Histogram h = l.waitHistogramNs();
      if (h.getTotalCount() == 0) {
        continue;
      }
      if (all == null) {
        all = new Histogram(h.getNumberOfSignificantValueDigits());
      }
      all.add(h);
    }
    return all == null ? Double.NaN : all.getValueAtPercentile(percentile);
  }
}
