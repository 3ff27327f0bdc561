package org.locksim.report.ministat;

import java.util.ArrayList;
import java.util.List;

/**
 * The statistics of FreeBSD's {@code ministat(1)}: compares the means of repeated measurements
 * of two or more configurations with Student's t test on the pooled variance, at a chosen
 * confidence (ministat's default 95%).
 *
 * <p>Typical use, then {@link MinistatFormat#format(MinistatResult, int)} to print:
 * <pre>{@code
 * MinistatResult r = Ministat.compare("vanilla", runsA, "patched", runsB, 95.0);
 * if (r.difference().significant()) { ... }
 * }</pre>
 *
 * @see <a href="https://man.freebsd.org/cgi/man.cgi?query=ministat">ministat(1)</a>
 */
public final class Ministat {

    /** ministat's default confidence level, in percent. */
    public static final double DEFAULT_CONFIDENCE_PCT = 95.0;

    /** ministat's limit: seven data sets, one plot symbol each. */
    public static final int MAX_SAMPLES = 7;

    private Ministat() {
    }

    /**
     * Compares two data sets, the first being the reference.
     *
     * @param nameA         label of the reference data set
     * @param a             its values, at least 2
     * @param nameB         label of the other data set
     * @param b             its values, at least 2
     * @param confidencePct confidence in percent, in (0, 100); ministat offers 80, 90, 95, 98, 99
     * @return the statistics of both sets and the t test of {@code b} against {@code a}
     */
    public static MinistatResult compare(String nameA, double[] a, String nameB, double[] b, double confidencePct) {
        return compare(List.of(Sample.of(nameA, a), Sample.of(nameB, b)), confidencePct);
    }

    /**
     * Compares every sample after the first with the first, as ministat does with several
     * files, using ministat's t table.
     *
     * @param samples       1 to {@value #MAX_SAMPLES} samples
     * @param confidencePct confidence in percent
     * @return the result
     */
    public static MinistatResult compare(List<Sample> samples, double confidencePct) {
        return compare(samples, confidencePct, TQuantile.MINISTAT_TABLE);
    }

    /**
     * Compares every sample after the first with the first.
     *
     * @param samples       1 to {@value #MAX_SAMPLES} samples
     * @param confidencePct confidence in percent
     * @param quantile      where the t critical value comes from
     * @return the result
     */
    public static MinistatResult compare(List<Sample> samples, double confidencePct, TQuantile quantile) {
        if (samples.isEmpty() || samples.size() > MAX_SAMPLES) {
            throw new IllegalArgumentException("need 1 to " + MAX_SAMPLES + " samples, got " + samples.size());
        }
        Summary reference = samples.get(0).summary();
        List<Difference> differences = new ArrayList<>(samples.size() - 1);
        for (int i = 1; i < samples.size(); i++) {
            differences.add(difference(reference, samples.get(i).summary(), confidencePct, quantile));
        }
        return new MinistatResult(confidencePct, samples, differences);
    }

    /**
     * The t test of {@code sample} against {@code reference} from summary statistics alone
     * (ministat's {@code Relative(ds, rs)}); see {@link Difference} for the formulas.
     *
     * @param reference     the reference data set (ministat's first file)
     * @param sample        the compared data set
     * @param confidencePct confidence in percent
     * @param quantile      where the t critical value comes from
     * @return the difference of the means and its confidence interval
     */
    public static Difference difference(Summary reference, Summary sample, double confidencePct, TQuantile quantile) {
        int nR = reference.n();
        int nS = sample.n();
        int df = nS + nR - 2;
        double t = quantile.critical(confidencePct, df);
        double pooled = Math.sqrt(((nS - 1) * sample.variance() + (nR - 1) * reference.variance()) / df);
        double s = pooled * Math.sqrt(1.0 / nS + 1.0 / nR);
        double d = sample.mean() - reference.mean();
        double e = t * s;
        double base = reference.mean();
        return new Difference(confidencePct, df, t, d, e, d * 100 / base, e * 100 / base, pooled);
    }
}
