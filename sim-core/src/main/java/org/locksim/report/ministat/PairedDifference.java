package org.locksim.report.ministat;

/**
 * Student's paired t test of one sample against the reference, run by run: value {@code i} of
 * each came from a run with the same seed, so the two share that seed's draws (job lengths,
 * delays, arrival orders) and their difference leaves the spread the draws give both out. For
 * a simulator this is the method of common random numbers (Law, Simulation Modeling and
 * Analysis, 5th ed., section 11.2): with {@code d_i = sample_i - reference_i} over {@code n}
 * pairs, {@code difference = mean(d)}, {@code halfWidth = t · sd(d) / sqrt(n)} with {@code t}
 * the two-sided critical value at {@code n - 1} degrees of freedom, and the percent figures are
 * both over the reference's mean, as in {@link Difference}.
 *
 * @param confidencePct     the confidence level in percent, e.g. 95.0
 * @param pairs             {@code n}
 * @param t                 the critical value used
 * @param difference        the mean of the differences
 * @param halfWidth         half-width of its confidence interval
 * @param percent           {@code difference} as a percentage of the reference mean
 * @param percentHalfWidth  {@code halfWidth} as a percentage of the reference mean
 * @param stddev            the standard deviation of the differences
 */
public record PairedDifference(double confidencePct, int pairs, double t, double difference,
                               double halfWidth, double percent, double percentHalfWidth, double stddev) {

    /**
     * The paired test of {@code sample} against {@code reference}, with ministat's t table.
     *
     * @param reference     the reference's values, at least 2
     * @param sample        the sample's values, as many, value {@code i} paired with the reference's
     * @param confidencePct confidence in percent
     * @return the mean difference and its interval
     */
    public static PairedDifference of(double[] reference, double[] sample, double confidencePct) {
        return of(reference, sample, confidencePct, TQuantile.MINISTAT_TABLE);
    }

    /**
     * The paired test of {@code sample} against {@code reference}.
     *
     * @param reference     the reference's values, at least 2
     * @param sample        the sample's values, as many, value {@code i} paired with the reference's
     * @param confidencePct confidence in percent
     * @param quantile      where the t critical value comes from
     * @return the mean difference and its interval
     */
    public static PairedDifference of(double[] reference, double[] sample, double confidencePct,
                                      TQuantile quantile) {
        int n = reference.length;
        if (n < 2 || sample.length != n) {
            throw new IllegalArgumentException("a paired test needs two samples of one size, at least 2; got "
                + n + " and " + sample.length);
        }
        double[] d = new double[n];
        for (int i = 0; i < n; i++) {
            d[i] = sample[i] - reference[i];
        }
        Summary s = Summary.of(d);
        double t = quantile.critical(confidencePct, n - 1);
        double e = t * s.stddev() / Math.sqrt(n);
        double base = Summary.of(reference).mean();
        return new PairedDifference(confidencePct, n, t, s.mean(), e, s.mean() * 100 / base, e * 100 / base,
            s.stddev());
    }

    /** Whether the interval excludes zero. */
    public boolean significant() {
        return Math.abs(difference) > halfWidth;
    }
}
