package org.locksim.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Why: ministat and lock_stat print through C's {@code %g}, which Java's formatter does not
 * reproduce; every expected string here is what glibc's {@code printf} prints.
 */
class CFormatTest {

    @Test
    void stripsTrailingZerosAtDefaultPrecision() {
        assertEquals("2.306", CFormat.g(2.306, 6));
        assertEquals("100", CFormat.g(100.0, 6));
        assertEquals("0", CFormat.g(0.0, 6));
        assertEquals("-0", CFormat.g(-0.0, 6));
    }

    @Test
    void roundsToSignificantDigits() {
        assertEquals("-6.06956", CFormat.g(-6.069556, 6));
        assertEquals("0.588917", CFormat.g(0.58891678, 6));
        assertEquals("15.133889", CFormat.g(15.133888888888889, 8));
        assertEquals("0.75997096", CFormat.g(0.759970961, 8));
        assertEquals("10", CFormat.g(9.9999999, 6));
    }

    @Test
    void switchesToExponentAsC() {
        assertEquals("1e+06", CFormat.g(1e6, 6));
        assertEquals("123457", CFormat.g(123456.7, 6));
        assertEquals("1.23457e+06", CFormat.g(1234567, 6));
        assertEquals("0.0001", CFormat.g(1e-4, 6));
        assertEquals("1e-05", CFormat.g(1e-5, 6));
        assertEquals("-2.5e-07", CFormat.g(-2.5e-7, 6));
        assertEquals("1.5e+100", CFormat.g(1.5e100, 6));
    }

    @Test
    void roundsExactTiesToEven() {
        assertEquals("0.125", CFormat.g(0.125, 3));
        assertEquals("0.12", CFormat.g(0.125, 2));
        assertEquals("0.38", CFormat.g(0.375, 2));
    }

    @Test
    void padsToWidthAndPrintsSpecialValues() {
        assertEquals("       13.845", CFormat.g(13.845, 13, 8));
        assertEquals("inf", CFormat.g(Double.POSITIVE_INFINITY, 6));
        assertEquals("-inf", CFormat.g(Double.NEGATIVE_INFINITY, 6));
        assertEquals("nan", CFormat.g(Double.NaN, 6));
    }
}
