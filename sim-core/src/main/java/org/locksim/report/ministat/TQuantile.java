package org.locksim.report.ministat;

import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * Where the two-sided Student's t critical value comes from.
 *
 * <p>ministat looks it up in a table of three-decimal values for 1 to 100 degrees of freedom
 * and uses the normal-distribution row ("inf") beyond 100. {@link #MINISTAT_TABLE} reproduces
 * that table by rounding commons-math3's exact quantiles to three decimals, which matches
 * ministat's table for the 80, 90, 95, 98 and 99% columns at every degree of freedom, so output
 * agrees digit for digit with ministat (seed 002's {@code -6.06956 +/- 0.588917} needs
 * {@code t = 2.120}, not the exact 2.119905). ministat's column labelled 99.5% actually holds
 * the one-sided 99.9% quantile; here 99.5 means 99.5%.
 */
public enum TQuantile {

    /** Exact quantile rounded to three decimals; the normal quantile above 100 degrees of freedom. */
    MINISTAT_TABLE {
        @Override
        public double critical(double confidencePct, int degreesOfFreedom) {
            double exact = degreesOfFreedom > 100
                    ? NORMAL.inverseCumulativeProbability(upperTail(confidencePct, degreesOfFreedom))
                    : EXACT.critical(confidencePct, degreesOfFreedom);
            return Math.round(exact * 1000.0) / 1000.0;
        }
    },

    /** The exact quantile of the t distribution with the given degrees of freedom. */
    EXACT {
        @Override
        public double critical(double confidencePct, int degreesOfFreedom) {
            return new TDistribution(null, degreesOfFreedom)
                    .inverseCumulativeProbability(upperTail(confidencePct, degreesOfFreedom));
        }
    };

    private static final NormalDistribution NORMAL = new NormalDistribution(null, 0, 1);

    /**
     * The critical value {@code t} such that a two-sided interval {@code ± t·s} has the given
     * confidence.
     *
     * @param confidencePct    confidence in percent, in (0, 100), e.g. 95.0
     * @param degreesOfFreedom at least 1
     * @return the critical value
     */
    public abstract double critical(double confidencePct, int degreesOfFreedom);

    private static double upperTail(double confidencePct, int degreesOfFreedom) {
        if (!(confidencePct > 0 && confidencePct < 100)) {
            throw new IllegalArgumentException("confidence must be in (0, 100) percent: " + confidencePct);
        }
        if (degreesOfFreedom < 1) {
            throw new IllegalArgumentException("degrees of freedom must be >= 1: " + degreesOfFreedom);
        }
        return 1 - (1 - confidencePct / 100.0) / 2;
    }
}
