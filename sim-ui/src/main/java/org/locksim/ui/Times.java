package org.locksim.ui;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.Map;

/** Reads times as people write them on the command line: {@code 120us}, {@code 1.5 ms}, {@code 800ns}. */
final class Times {
  private static final Map<String, Long> UNIT_PS = Map.of("ps", 1L, "ns", 1_000L, "us", 1_000_000L,
      "ms", 1_000_000_000L, "s", 1_000_000_000_000L);

  private Times() { }

  /** Returns {@code text} in picoseconds, or -1 when it is not a number and a unit. */
  static long parsePs(String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    int unit = t.length();
    while (unit > 0 && Character.isLetter(t.charAt(unit - 1))) {
      unit--;
    }
    Long scale = UNIT_PS.get(t.substring(unit));
    if (scale == null) {
      return -1;
    }
    try {
      BigDecimal ps = new BigDecimal(t.substring(0, unit).trim()).multiply(BigDecimal.valueOf(scale));
      return ps.signum() < 0 ? -1 : ps.longValueExact();
    } catch (NumberFormatException | ArithmeticException e) {
      return -1;
    }
  }
}
