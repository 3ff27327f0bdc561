package org.locksim.report.ministat;

import java.util.Arrays;
import java.util.Objects;

/**
 * One named data set: what ministat reads from one file.
 *
 * <p>The values are kept sorted (ministat sorts after reading); they may be empty when the
 * sample was built from a {@link Summary} alone, in which case the plot shows its bar but no
 * points.
 */
public final class Sample {

    private final String name;
    private final double[] sorted;
    private final Summary summary;

    private Sample(String name, double[] sorted, Summary summary) {
        this.name = Objects.requireNonNull(name, "name");
        this.sorted = sorted;
        this.summary = Objects.requireNonNull(summary, "summary");
    }

    /**
     * A sample of raw values.
     *
     * @param name   the label printed next to the plot marker (ministat prints the file name)
     * @param values the data, at least 2 finite values; copied
     * @return the sample
     */
    public static Sample of(String name, double[] values) {
        Summary summary = Summary.of(values);
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return new Sample(name, sorted, summary);
    }

    /**
     * A sample known only by its summary statistics.
     *
     * @param name    the label
     * @param summary the statistics
     * @return the sample, with no values
     */
    public static Sample ofSummary(String name, Summary summary) {
        return new Sample(name, new double[0], summary);
    }

    /** @return the label */
    public String name() {
        return name;
    }

    /** @return the summary statistics */
    public Summary summary() {
        return summary;
    }

    /** @return a copy of the values in ascending order; empty for a summary-only sample */
    public double[] sortedValues() {
        return sorted.clone();
    }

    /** @return whether the raw values are known */
    public boolean hasValues() {
        return sorted.length > 0;
    }

    double value(int i) {
        return sorted[i];
    }

    int valueCount() {
        return sorted.length;
    }

    @Override
    public String toString() {
        return "Sample[" + name + ", " + summary + "]";
    }
}
