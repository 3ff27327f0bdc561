package org.locksim.report.perf;

import java.util.List;
import java.util.Locale;
import org.locksim.run.TaskCounts;

/**
 * The lines locktorture prints at the end of a test ({@code __torture_print_stats} in
 * kernel/locking/locktorture.c, v5.12): per group of threads, the total of their acquisitions,
 * the most and the fewest one thread made, {@code ???} when the fewest is less than half the
 * most (an unfair lock), and whether any acquisition found the lock held ({@code Fail: 1 !!!}).
 */
public final class TortureSummaryFormat {
  private TortureSummaryFormat() { }

  /** One line per group, each ending in a newline; empty when there are none. */
  public static String format(List<TaskCounts> groups) {
    StringBuilder sb = new StringBuilder();
    for (TaskCounts c : groups) {
      boolean fail = c.fails() > 0;
      String title = c.title().equals("Reads") ? "Reads " : c.title();
      String line = String.format(Locale.ROOT, "%s:  Total: %d  Max/Min: %d/%d %s  Fail: %d %s",
          title, c.total(), c.max(), c.min(), c.max() / 2 > c.min() ? "???" : "",
          fail ? 1 : 0, fail ? "!!!" : "");
      sb.append(line.stripTrailing()).append('\n');
    }
    return sb.toString();
  }
}
