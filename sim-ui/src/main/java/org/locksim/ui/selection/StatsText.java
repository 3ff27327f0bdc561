package org.locksim.ui.selection;

import java.util.Locale;
import org.HdrHistogram.Histogram;
import org.locksim.trace.CpuState;
import org.locksim.trace.Picos;
import org.locksim.trace.TaskState;

/**
 * Writes {@link Figures} as the plain-text tables the selection panel shows and copies: CPU
 * time per state in percent of the selection (and a line for all selected CPUs), lock
 * acquisitions, contentions and hold and wait percentiles, task time per state and migrations.
 */
public final class StatsText {
  private static final double[] PERCENTILES = {50, 90, 99};

  private StatsText() { }

  /** Returns the figures as text, one table per kind of lane. */
  public static String format(Figures f) {
    Selection s = f.selection();
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT, "Selection %s to %s (%s): %d CPUs, %d tasks, %d locks%n",
        Picos.format(s.fromPs()), Picos.format(s.toPs()), Picos.format(s.spanPs()),
        f.cpus().size(), f.tasks().size(), f.locks().size()));
    cpus(sb, f);
    locks(sb, f);
    tasks(sb, f);
    return sb.toString();
  }

  private static void cpus(StringBuilder sb, Figures f) {
    if (f.cpus().isEmpty()) {
      return;
    }
    sb.append(String.format(Locale.ROOT, "%n%-14s", "CPU time, %"));
    for (CpuState st : CpuState.values()) {
      sb.append(String.format(Locale.ROOT, "%10s", st.name().toLowerCase(Locale.ROOT)));
    }
    sb.append('\n');
    long[] total = new long[CpuState.values().length];
    for (Figures.Cpu c : f.cpus()) {
      sb.append(String.format(Locale.ROOT, "%-14s", cut(shortName(c.name()), 14)));
      for (int i = 0; i < total.length; i++) {
        total[i] += c.psByState()[i];
        sb.append(percent(c.psByState()[i], f.selection().spanPs()));
      }
      sb.append('\n');
    }
    sb.append(String.format(Locale.ROOT, "%-14s", "all " + f.cpus().size()));
    for (long t : total) {
      sb.append(percent(t, f.selection().spanPs() * f.cpus().size()));
    }
    sb.append('\n');
  }

  private static void locks(StringBuilder sb, Figures f) {
    if (f.locks().isEmpty()) {
      return;
    }
    sb.append(String.format(Locale.ROOT, "%n%-14s%10s%10s  %-34s  %s%n", "Lock", "acquired",
        "contended", "hold p50 / p90 / p99 / max", "wait p50 / p90 / p99 / max"));
    for (Figures.Lock l : f.locks()) {
      sb.append(String.format(Locale.ROOT, "%-14s%10d%10d  %-34s  %s%n", cut(l.name(), 14),
          l.acquisitions(), l.contentions(), percentiles(l.holdPs()), percentiles(l.waitPs())));
    }
  }

  private static void tasks(StringBuilder sb, Figures f) {
    if (f.tasks().isEmpty()) {
      return;
    }
    sb.append(String.format(Locale.ROOT, "%n%-14s", "Task"));
    for (TaskState st : TaskState.values()) {
      sb.append(String.format(Locale.ROOT, "%10s", st.name().toLowerCase(Locale.ROOT)));
    }
    sb.append(String.format(Locale.ROOT, "%11s%n", "migrations"));
    for (Figures.Task t : f.tasks()) {
      sb.append(String.format(Locale.ROOT, "%-14s", cut(t.name(), 14)));
      for (long ps : t.psByState()) {
        sb.append(String.format(Locale.ROOT, "%10s", ps == 0 ? "-" : Picos.format(ps)));
      }
      sb.append(String.format(Locale.ROOT, "%11d%n", t.migrations()));
    }
  }

  /** Returns {@code p50 / p90 / p99 / max} of {@code h} in picoseconds, or a dash when empty. */
  static String percentiles(Histogram h) {
    if (h.getTotalCount() == 0) {
      return "-";
    }
    StringBuilder sb = new StringBuilder();
    for (double p : PERCENTILES) {
      sb.append(Picos.format(h.getValueAtPercentile(p))).append(" / ");
    }
    return sb.append(Picos.format(h.getMaxValue())).toString();
  }

  private static String percent(long part, long whole) {
    return String.format(Locale.ROOT, "%10.1f", whole == 0 ? 0.0 : 100.0 * part / whole);
  }

  /** Returns a CPU's name up to its topology: {@code CPU 3} of {@code CPU 3 (socket 0, ...)}. */
  private static String shortName(String cpu) {
    int paren = cpu.indexOf(" (");
    return paren < 0 ? cpu : cpu.substring(0, paren);
  }

  private static String cut(String s, int width) {
    return s.length() < width ? s : s.substring(0, width - 2) + "…";
  }
}
