package org.locksim.report.perf;

import java.util.Locale;

/**
 * The lines locktorture prints at the end of a test ({@code __torture_print_stats} in
 * kernel/locking/locktorture.c, v5.12): per group of threads, the total of their acquisitions,
 * the most and the fewest one thread made, {@code ???} when the fewest is less than half the
 * most (an unfair lock), and whether any acquisition found the lock held ({@code Fail: 1 !!!}).
 */
public final class TortureSummaryFormat {
  private TortureSummaryFormat() { }

  /**
   * The line of one group of threads, ending in a newline.
   *
   * @param title {@code "Writes"} or {@code "Reads"}
   * @param acquired each thread's acquisitions
   * @param fails acquisitions that found the lock held
   */
  public static String line(String title, long[] acquired, long fails) {
    long total = 0;
    long max = 0;
    long min = acquired.length == 0 ? 0 : Long.MAX_VALUE;
    for (long a : acquired) {
      total += a;
      max = Math.max(max, a);
      min = Math.min(min, a);
    }
    boolean fail = fails > 0;
    String line = String.format(Locale.ROOT, "%s:  Total: %d  Max/Min: %d/%d %s  Fail: %d %s",
        title.equals("Reads") ? "Reads " : title, total, max, min, max / 2 > min ? "???" : "",
        fail ? 1 : 0, fail ? "!!!" : "");
    return line.stripTrailing() + "\n";
  }
}
