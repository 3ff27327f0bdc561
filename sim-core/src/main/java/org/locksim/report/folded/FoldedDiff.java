package org.locksim.report.folded;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.locksim.metrics.FoldedStacks;

/**
 * Two folded profiles side by side, in the form {@code difffolded.pl} (Brendan Gregg's
 * FlameGraph) writes: {@code stack countA countB}, with 0 for a stack absent from one profile.
 * {@code flamegraph.pl} draws it with the second profile's widths, coloured by the difference
 * (red grew, blue shrank); {@code --negate} swaps the colours.
 *
 * @param lines the stacks present in either profile, sorted by stack
 */
public record FoldedDiff(List<Line> lines) {

    // Copies the lines.
    public FoldedDiff {
        lines = List.copyOf(lines);
    }

    /**
     * One stack's counts.
     *
     * @param stack  the stack
     * @param countA the baseline count
     * @param countB the comparison count
     */
    public record Line(String stack, long countA, long countB) {
    }

    /**
     * The differential form of two profiles, as {@code difffolded.pl a b} prints it, optionally
     * normalised like {@code difffolded.pl -n}: the first profile's counts are scaled (and
     * truncated) so that its total matches the second's, which compares shares rather than
     * absolute time.
     *
     * @param a         the baseline ("before")
     * @param b         the comparison ("after"), counting in the same unit
     * @param normalize whether to scale {@code a} to {@code b}'s total
     */
    public static FoldedDiff of(FoldedStacks a, FoldedStacks b, boolean normalize) {
        if (a.psPerCount() != b.psPerCount()) {
            throw new IllegalArgumentException("profiles count in different units: "
                    + a.psPerCount() + " ps and " + b.psPerCount() + " ps per count");
        }
        TreeSet<String> all = new TreeSet<>(a.sortedStacks());
        all.addAll(b.sortedStacks());
        long totalA = 0;
        long totalB = 0;
        for (String stack : all) {
            totalA += a.count(stack);
            totalB += b.count(stack);
        }
        List<Line> lines = new ArrayList<>();
        for (String stack : all) {
            long countA = a.count(stack);
            long countB = b.count(stack);
            if (normalize && totalA != totalB && totalA > 0) {
                countA = (long) (countA * (double) totalB / totalA);
            }
            if (countA > 0 || countB > 0) {
                lines.add(new Line(stack, countA, countB));
            }
        }
        return new FoldedDiff(lines);
    }

    /**
     * Writes the {@code stack countA countB} lines, each ending in {@code \n}.
     *
     * @param out the destination; not closed
     * @throws IOException if writing fails
     */
    public void write(Writer out) throws IOException {
        for (Line l : lines) {
            out.write(l.stack() + ' ' + l.countA() + ' ' + l.countB() + '\n');
        }
    }

    /** @return what {@link #write} would write */
    public String format() {
        StringWriter w = new StringWriter();
        try {
            write(w);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return w.toString();
    }
}
