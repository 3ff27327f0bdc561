package org.locksim.ui.timeline;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;

/**
 * The labelled ticks of a time axis: a step of 1, 2 or 5 times a power of ten picoseconds, the
 * smallest that leaves at least a given number of pixels between ticks, and labels in the unit
 * of the window's end with as many decimals as the step needs ({@code 100.002 ms} when the step
 * is 2 us), so neighbouring labels always differ.
 */
public final class TimeTicks {
  private static final String[] UNITS = {"ps", "ns", "us", "ms", "s"};

  private TimeTicks() { }

  /** One tick: its time and its label. */
  public record Tick(long ps, String label) { }

  /** Returns the step between ticks for {@code view} with at least {@code minGapPx} between them. */
  public static long step(Viewport view, double minGapPx) {
    double least = minGapPx * view.spanPs() / view.widthPx();
    long step = 1;
    while (true) {
      for (long m : new long[] {1, 2, 5}) {
        if (step * m >= least) {
          return step * m;
        }
      }
      if (step > Long.MAX_VALUE / 100) {
        return step * 10;
      }
      step *= 10;
    }
  }

  /** Returns the ticks inside {@code view}, at least {@code minGapPx} pixels apart. */
  public static List<Tick> ticks(Viewport view, double minGapPx) {
    long step = step(view, minGapPx);
    int unit = unitOf(Math.max(Math.abs(view.endPs()), step));
    long unitPs = pow10(3 * unit);
    int decimals = Math.max(0, (int) Math.ceil(Math.log10((double) unitPs / step) - 1e-9));
    List<Tick> out = new ArrayList<>();
    long first = Math.floorDiv(view.startPs() + step - 1, step) * step;
    for (long t = first; t < view.endPs(); t += step) {
      String digits = BigDecimal.valueOf(t).divide(BigDecimal.valueOf(unitPs))
          .setScale(decimals, RoundingMode.HALF_EVEN).toPlainString();
      out.add(new Tick(t, digits + " " + UNITS[unit]));
    }
    return out;
  }

  private static int unitOf(long ps) {
    int unit = 0;
    while (unit < UNITS.length - 1 && ps >= pow10(3 * (unit + 1))) {
      unit++;
    }
    return unit;
  }

  private static long pow10(int n) {
    long v = 1;
    for (int i = 0; i < n; i++) {
      v *= 10;
    }
    return v;
  }
}
