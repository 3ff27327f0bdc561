package org.locksim.trace;

import java.util.Locale;

/** Formats picosecond times for people: {@code 1.25 ms}, {@code 830 ns}, {@code 12 ps}. */
public final class Picos {
    private static final String[] UNITS = {"ps", "ns", "us", "ms", "s"};

    private Picos() {
    }

    /** Returns {@code ps} with three significant digits in the largest unit that keeps it >= 1. */
    public static String format(long ps) {
        if (ps == Long.MIN_VALUE || ps == Long.MAX_VALUE) {
            return ps < 0 ? "-inf" : "inf";
        }
        double v = Math.abs((double) ps);
        int unit = 0;
        while (unit < UNITS.length - 1 && v >= 1000) {
            v /= 1000;
            unit++;
        }
        String digits;
        if (unit == 0 || v >= 100) {
            digits = String.format(Locale.ROOT, "%.0f", v);
        } else if (v >= 10) {
            digits = String.format(Locale.ROOT, "%.1f", v);
        } else {
            digits = String.format(Locale.ROOT, "%.2f", v);
        }
        if (digits.contains(".")) {
            digits = digits.replaceAll("0+$", "").replaceAll("\\.$", "");
        }
        return (ps < 0 ? "-" : "") + digits + " " + UNITS[unit];
    }
}
