package org.locksim.report.ministat;

/**
 * Student's t test of one sample's mean against the reference (first) sample's, as ministat's
 * {@code Relative()} computes it.
 *
 * <p>With {@code nR, nS} the sizes, {@code vR, vS} the variances and {@code mR, mS} the means of
 * the reference and the sample: {@code pooled = sqrt(((nS-1)·vS + (nR-1)·vR) / (nS+nR-2))},
 * {@code difference = mS - mR}, {@code halfWidth = t · pooled · sqrt(1/nS + 1/nR)} with
 * {@code t} the two-sided critical value at {@code nS+nR-2} degrees of freedom, and the percent
 * figures are {@code difference} and {@code halfWidth} times 100 over {@code mR}. The
 * difference is proven when {@code |difference| > halfWidth}. (FreeBSD's later ministat scales
 * the percent half-width differently; the formula here is the one that produced seed 002's
 * {@code -40.1057% +/- 3.89138%}.)
 *
 * @param confidencePct     the confidence level in percent, e.g. 95.0
 * @param degreesOfFreedom  {@code nS + nR - 2}
 * @param t                 the critical value used
 * @param difference        {@code mean(sample) - mean(reference)}
 * @param halfWidth         half-width of the confidence interval of {@code difference}
 * @param percent           {@code difference} as a percentage of the reference mean
 * @param percentHalfWidth  {@code halfWidth} as a percentage of the reference mean
 * @param pooledStddev      the pooled standard deviation {@code s}
 */
public record Difference(double confidencePct, int degreesOfFreedom, double t, double difference,
                         double halfWidth, double percent, double percentHalfWidth, double pooledStddev) {

    /**
     * @return whether the interval excludes zero, i.e. ministat prints "Difference at ..."
     *         rather than "No difference proven at ..."
     */
    public boolean significant() {
        return Math.abs(difference) > halfWidth;
    }
}
