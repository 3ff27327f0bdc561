package org.locksim.run;

/**
 * Acquisitions per task of one {@link org.locksim.workload.TaskGroup} over the measurement
 * window: what locktorture keeps in its {@code lock_stress_stats} array and sums at the end.
 *
 * @param title the group's title ({@code "Writes"})
 * @param acquired acquisitions of task {@code i} of the group
 * @param fails acquisitions made while another task of any group held the lock exclusively
 *     (locktorture's {@code n_lock_fail}: it found {@code lock_is_write_held} set)
 */
public record TaskCounts(String title, long[] acquired, long fails) {
  public TaskCounts {
    acquired = acquired.clone();
  }

  @Override
  public long[] acquired() {
    return acquired.clone();
  }

  public long total() {
    long s = 0;
    for (long a : acquired) {
      s += a;
    }
    return s;
  }

  public long max() {
    long m = 0;
    for (long a : acquired) {
      m = Math.max(m, a);
    }
    return m;
  }

  public long min() {
    long m = acquired.length == 0 ? 0 : Long.MAX_VALUE;
    for (long a : acquired) {
      m = Math.min(m, a);
    }
    return m;
  }
}
