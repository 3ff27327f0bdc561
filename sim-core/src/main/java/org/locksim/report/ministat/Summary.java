package org.locksim.report.ministat;

import java.util.Arrays;

/**
 * The summary statistics ministat prints for one data set: {@code N Min Max Median Avg Stddev}.
 *
 * <p>The standard deviation is the sample one (divisor {@code n - 1}), as in ministat's
 * {@code Var()}. A summary can also be built directly from published figures (for example the
 * {@code N}, {@code Avg} and {@code Stddev} columns of a mailing-list post) to re-run the t test
 * without the raw values.
 *
 * @param n      number of values, at least 2
 * @param min    smallest value
 * @param max    largest value
 * @param median middle value, or the mean of the two middle values for even {@code n}
 * @param mean   arithmetic mean
 * @param stddev sample standard deviation, {@code >= 0}
 */
public record Summary(int n, double min, double max, double median, double mean, double stddev) {

    // Validates the figures.
    public Summary {
        if (n < 2) {
            throw new IllegalArgumentException("a data set needs at least 2 values, got " + n);
        }
        if (!(stddev >= 0) || Double.isInfinite(stddev)) {
            throw new IllegalArgumentException("stddev must be finite and >= 0: " + stddev);
        }
        if (!Double.isFinite(min) || !Double.isFinite(max)) {
            throw new IllegalArgumentException("min and max must be finite: " + min + ", " + max);
        }
        if (!(min <= median && median <= max)) {
            throw new IllegalArgumentException("median " + median + " must lie in [min " + min + ", max " + max + "]");
        }
        if (!Double.isFinite(mean)) {
            throw new IllegalArgumentException("mean must be finite: " + mean);
        }
    }

    /**
     * Computes the summary of {@code values}.
     *
     * <p>ministat sums {@code x} and {@code x*x} and takes {@code (Σx² - (Σx)²/n) / (n-1)},
     * which cancels catastrophically when the spread is tiny next to the mean (a deterministic
     * simulator's repeats can agree to nine digits). This method takes the mean as ministat
     * does ({@code Σx / n}, summed in input order) and the variance in a second pass,
     * {@code Σ(x - mean)² / (n-1)}; both agree to the digits ministat prints whenever ministat's
     * own result is accurate.
     *
     * @param values the data, any order, all finite, at least 2
     * @return the summary
     */
    public static Summary of(double[] values) {
        if (values.length < 2) {
            throw new IllegalArgumentException("a data set needs at least 2 values, got " + values.length);
        }
        double sum = 0;
        for (double v : values) {
            if (!Double.isFinite(v)) {
                throw new IllegalArgumentException("values must be finite: " + v);
            }
            sum += v;
        }
        int n = values.length;
        double mean = sum / n;
        double squares = 0;
        for (double v : values) {
            double d = v - mean;
            squares += d * d;
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        double median = (n % 2 == 0) ? (sorted[n / 2] + sorted[n / 2 - 1]) / 2 : sorted[n / 2];
        return new Summary(n, sorted[0], sorted[n - 1], median, mean, Math.sqrt(squares / (n - 1.0)));
    }

    /**
     * Builds a summary from the three figures a t test needs, for published results that give
     * no raw values; min, max and median are set to the mean.
     *
     * @param n      number of values
     * @param mean   mean
     * @param stddev sample standard deviation
     * @return the summary
     */
    public static Summary ofMoments(int n, double mean, double stddev) {
        return new Summary(n, mean, mean, mean, mean, stddev);
    }

    /** @return the sample variance, {@code stddev²} */
    public double variance() {
        return stddev * stddev;
    }
}
