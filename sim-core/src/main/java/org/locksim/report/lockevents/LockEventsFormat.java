package org.locksim.report.lockevents;

import java.util.Map;

/**
 * Prints a run's lock event counts ({@code RunResult.lockEvents()}) as Linux shows them with
 * {@code CONFIG_LOCK_EVENT_COUNTS}: one debugfs file per event under
 * {@code /sys/kernel/debug/lock_event_counts}, read with {@code grep . *} in that directory,
 * so one {@code name:count} line per event in the kernel's list order
 * (kernel/locking/lock_events_list.h; lock_events.c prints each count with {@code %llu}). The
 * counts are the run's measurement window, as if the counters had been reset (the directory's
 * {@code .reset_counts} file) when it began; a title line names the run.
 */
public final class LockEventsFormat {
  private LockEventsFormat() { }

  /**
   * The block of the run {@code label} with {@code seed}, or a line saying it has none when
   * {@code events} is empty (no lock of the run counts any).
   */
  public static String format(String label, long seed, Map<String, Long> events) {
    StringBuilder out = new StringBuilder();
    out.append(" Lock event counts for '").append(label).append("' (seed ").append(seed)
        .append("), /sys/kernel/debug/lock_event_counts:\n\n");
    if (events.isEmpty()) {
      out.append("(none: no lock of this run has lock events in the kernel's list)\n");
    }
    events.forEach((name, n) -> out.append(name).append(':').append(n).append('\n'));
    return out.toString();
  }
}
