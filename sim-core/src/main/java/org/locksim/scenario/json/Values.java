package org.locksim.scenario.json;

import java.math.BigDecimal;
import java.util.Collection;
import java.util.List;

/**
 * Converts single {@link JsonValue}s to Java values, checking type and range, and throws an
 * {@link InputError} located at the value when they do not fit.
 *
 * <p>{@link ObjectReader} uses these for fields; the loader uses them directly for values it
 * has taken raw, such as array elements or polymorphic fields. Integers must be written as
 * integers: {@code 1e3} and {@code 12.0} are rejected for integer settings rather than
 * silently converted.
 */
public final class Values {

    private Values() {
    }

    /** Returns the string, or fails with "expected a string, got ...". */
    public static String string(JsonValue value) {
        if (value instanceof JsonString s) {
            return s.value();
        }
        throw mismatch(value, "a string");
    }

    /** Returns the boolean, or fails with "expected true or false, got ...". */
    public static boolean bool(JsonValue value) {
        if (value instanceof JsonBool b) {
            return b.value();
        }
        throw mismatch(value, "true or false");
    }

    /** Returns the integer, which must be written as one and lie in {@code [min, max]}. */
    public static int integer(JsonValue value, int min, int max) {
        return (int) whole(value, min, max, Integer.MIN_VALUE, Integer.MAX_VALUE);
    }

    /** Returns the long, which must be written as an integer and lie in {@code [min, max]}. */
    public static long longInteger(JsonValue value, long min, long max) {
        return whole(value, min, max, Long.MIN_VALUE, Long.MAX_VALUE);
    }

    /** Returns the number, which may be written in any JSON form and must lie in {@code [min, max]}. */
    public static double number(JsonValue value, double min, double max) {
        if (!(min <= max)) {
            throw new IllegalArgumentException("empty range " + min + ".." + max);
        }
        boolean lowOpen = min == Double.NEGATIVE_INFINITY || min == -Double.MAX_VALUE;
        boolean highOpen = max == Double.POSITIVE_INFINITY || max == Double.MAX_VALUE;
        String expected = "a number" + range(lowOpen ? null : BigDecimal.valueOf(min),
                highOpen ? null : BigDecimal.valueOf(max));
        if (!(value instanceof JsonNumber n)) {
            throw mismatch(value, expected);
        }
        BigDecimal exact = n.decimal();
        if ((!lowOpen && exact.compareTo(BigDecimal.valueOf(min)) < 0)
                || (!highOpen && exact.compareTo(BigDecimal.valueOf(max)) > 0)) {
            throw mismatch(value, expected);
        }
        double d = exact.doubleValue();
        if (Double.isInfinite(d)) {
            throw InputError.at(value, "number " + n.text() + " is too large");
        }
        return d;
    }

    /**
     * Returns the string if it is one of {@code allowed}; otherwise fails with
     * "unknown value "x"; expected one of a, b" and the closest allowed value as suggestion.
     */
    public static String oneOf(JsonValue value, Collection<String> allowed) {
        if (!(value instanceof JsonString s)) {
            // A choice that looks like a number ("v5.10") must be written as a string.
            throw mismatch(value, "a string, one of " + Names.list(allowed));
        }
        if (!allowed.contains(s.value())) {
            throw InputError.unknownName(value.location(), "value", s.value(), allowed);
        }
        return s.value();
    }

    /** Returns the elements of an array, or fails with "expected an array, got ...". */
    public static List<JsonValue> array(JsonValue value) {
        if (value instanceof JsonArray a) {
            return a.elements();
        }
        throw mismatch(value, "an array");
    }

    /** Returns the error "expected {@code expected}, got {@code value.describe()}". */
    public static InputError mismatch(JsonValue value, String expected) {
        return InputError.at(value, "expected " + expected + ", got " + value.describe());
    }

    private static long whole(JsonValue value, long min, long max, long typeMin, long typeMax) {
        if (min > max) {
            throw new IllegalArgumentException("empty range " + min + ".." + max);
        }
        String expected = "an integer" + range(min == typeMin ? null : BigDecimal.valueOf(min),
                max == typeMax ? null : BigDecimal.valueOf(max));
        if (!(value instanceof JsonNumber n)) {
            throw mismatch(value, expected);
        }
        if (!n.integral()) {
            throw InputError.at(value, "expected " + expected + ", got " + n.text()
                    + "; write integers without a decimal point or exponent");
        }
        BigDecimal exact = n.decimal();
        if (exact.compareTo(BigDecimal.valueOf(min)) < 0 || exact.compareTo(BigDecimal.valueOf(max)) > 0) {
            throw mismatch(value, expected);
        }
        return exact.longValueExact();
    }

    /** Returns " from a to b", " of at least a", " of at most b" or "" for open bounds (null). */
    private static String range(BigDecimal low, BigDecimal high) {
        if (low != null && high != null) {
            return " from " + plain(low) + " to " + plain(high);
        } else if (low != null) {
            return " of at least " + plain(low);
        } else if (high != null) {
            return " of at most " + plain(high);
        }
        return "";
    }

    private static String plain(BigDecimal d) {
        return d.stripTrailingZeros().toPlainString();
    }
}
