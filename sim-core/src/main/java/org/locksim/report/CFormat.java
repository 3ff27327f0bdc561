package org.locksim.report;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * C's {@code printf} {@code %g} conversion, which Java's {@code Formatter} does not reproduce
 * (Java's {@code %g} keeps trailing zeros and switches to scientific notation at different
 * exponents).
 *
 * <p>The rules are those of ISO C 7.21.6.1: with precision {@code P} (0 taken as 1) and
 * {@code X} the decimal exponent of the value rounded to {@code P} significant digits, the value
 * prints as {@code %.(P-1-X)f} if {@code P > X >= -4} and as {@code %.(P-1)e} otherwise; then,
 * without the {@code #} flag, trailing zeros of the fraction and a trailing decimal point are
 * removed. Rounding is round-half-even on the exact binary value, as glibc and FreeBSD's libc
 * do. Infinities print as {@code inf}/{@code -inf} and NaN as {@code nan}.
 */
public final class CFormat {

    private CFormat() {
    }

    /**
     * Formats like C's {@code printf("%.Pg", v)}.
     *
     * @param v         the value
     * @param precision significant digits, {@code >= 0} (0 means 1); C's default is 6
     * @return the text, never padded
     */
    public static String g(double v, int precision) {
        if (precision < 0) {
            throw new IllegalArgumentException("precision must be >= 0: " + precision);
        }
        if (Double.isNaN(v)) {
            return "nan";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "inf" : "-inf";
        }
        int p = precision == 0 ? 1 : precision;
        if (v == 0.0) {
            return (1 / v < 0) ? "-0" : "0";
        }
        BigDecimal rounded = new BigDecimal(v).round(new MathContext(p, RoundingMode.HALF_EVEN));
        int exponent = rounded.precision() - rounded.scale() - 1;
        if (exponent < p && exponent >= -4) {
            String plain = rounded.setScale(p - 1 - exponent, RoundingMode.UNNECESSARY).toPlainString();
            return stripFraction(plain);
        }
        String digits = rounded.unscaledValue().abs().toString();
        StringBuilder mantissa = new StringBuilder(p + 2);
        mantissa.append(digits.charAt(0));
        if (p > 1) {
            mantissa.append('.');
            mantissa.append(digits, 1, Math.min(digits.length(), p));
            for (int i = digits.length(); i < p; i++) {
                mantissa.append('0');
            }
        }
        String m = stripFraction(mantissa.toString());
        int absExp = Math.abs(exponent);
        return (v < 0 ? "-" : "") + m + (exponent < 0 ? "e-" : "e+") + (absExp < 10 ? "0" : "") + absExp;
    }

    /**
     * Formats like C's {@code printf("%W.Pg", v)}: right-aligned in at least {@code width}
     * characters.
     *
     * @param v         the value
     * @param width     minimum field width
     * @param precision significant digits (0 means 1)
     * @return the padded text
     */
    public static String g(double v, int width, int precision) {
        return padLeft(g(v, precision), width);
    }

    /**
     * Right-aligns {@code s} in a field of {@code width} characters, like C's {@code %Ws};
     * longer text is not truncated.
     *
     * @param s     the text
     * @param width minimum field width
     * @return the padded text
     */
    public static String padLeft(String s, int width) {
        if (s.length() >= width) {
            return s;
        }
        StringBuilder b = new StringBuilder(width);
        for (int i = s.length(); i < width; i++) {
            b.append(' ');
        }
        return b.append(s).toString();
    }

    private static String stripFraction(String s) {
        if (s.indexOf('.') < 0) {
            return s;
        }
        int end = s.length();
        while (s.charAt(end - 1) == '0') {
            end--;
        }
        if (s.charAt(end - 1) == '.') {
            end--;
        }
        return s.substring(0, end);
    }
}
