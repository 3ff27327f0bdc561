package org.locksim.cli.progress;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * Progress for a log file or a pipe: a line such as {@code locksim: sweep: 12 of 96 runs done
 * (12%), about 2m 05s left} at most once per interval, none at the end (the results follow).
 * The time left is the time per unit so far, units done before this command (a resumed sweep's)
 * left out, times the units still to do.
 */
public final class LineProgress implements Progress {
  private final PrintWriter err;
  private final String task;
  private final long total;
  private final String unit;
  private final long initial;
  private final LongSupplier nanoClock;
  private final long intervalNs;
  private final long startNs;
  private long lastNs;
  private long done;

  /**
   * @param initial units already done when the command started
   * @param nanoClock the clock, {@link System#nanoTime()} outside tests
   * @param intervalNs the least time between two lines
   */
  public LineProgress(PrintWriter err, String task, long total, String unit, long initial,
      LongSupplier nanoClock, long intervalNs) {
    this.err = err;
    this.task = task;
    this.total = total;
    this.unit = unit;
    this.initial = initial;
    this.nanoClock = nanoClock;
    this.intervalNs = intervalNs;
    this.startNs = nanoClock.getAsLong();
    this.lastNs = startNs;
    this.done = initial;
  }

  @Override
  public synchronized void stepTo(long now) {
    done = Math.max(done, now);
    long t = nanoClock.getAsLong();
    if (done < total && t - lastNs >= intervalNs) {
      lastNs = t;
      String left = done > initial
          ? ", about " + duration((t - startNs) / (double) (done - initial) * (total - done)) + " left"
          : "";
      err.printf(Locale.ROOT, "locksim: %s: %d of %d %s done (%d%%)%s%n", task, done, total, unit,
          total == 0 ? 100 : done * 100 / total, left);
      err.flush();
    }
  }

  @Override
  public synchronized void step() {
    stepTo(done + 1);
  }

  @Override
  public void close() {
  }

  /** A duration as a person reads it: {@code 45s}, {@code 2m 05s}, {@code 1h 02m}. */
  static String duration(double ns) {
    long s = Math.round(ns / 1e9);
    if (s < 60) {
      return s + "s";
    }
    if (s < 3600) {
      return String.format(Locale.ROOT, "%dm %02ds", s / 60, s % 60);
    }
    return String.format(Locale.ROOT, "%dh %02dm", s / 3600, s % 3600 / 60);
  }
}
