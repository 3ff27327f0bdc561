package org.locksim.report.ministat;

import java.util.List;

/**
 * Everything ministat prints: the samples with their statistics and, for every sample after the
 * first, its t test against the first.
 *
 * @param confidencePct the confidence level in percent
 * @param samples       the data sets in input order; the first is the reference
 * @param differences   {@code differences.get(i)} compares {@code samples.get(i + 1)} with
 *                      {@code samples.get(0)}
 */
public record MinistatResult(double confidencePct, List<Sample> samples, List<Difference> differences) {

    // Validates the sizes and copies the lists.
    public MinistatResult {
        samples = List.copyOf(samples);
        differences = List.copyOf(differences);
        if (samples.isEmpty()) {
            throw new IllegalArgumentException("no samples");
        }
        if (differences.size() != samples.size() - 1) {
            throw new IllegalArgumentException(
                    "need one difference per sample after the first: " + differences.size() + " for " + samples.size());
        }
    }

    /**
     * @return the single comparison of a two-sample result
     * @throws IllegalStateException if there are not exactly two samples
     */
    public Difference difference() {
        if (differences.size() != 1) {
            throw new IllegalStateException("difference() needs exactly two samples, have " + samples.size());
        }
        return differences.get(0);
    }
}
