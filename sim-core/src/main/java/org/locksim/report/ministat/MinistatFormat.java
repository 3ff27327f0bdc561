package org.locksim.report.ministat;

import java.util.List;
import java.util.Locale;
import org.locksim.report.CFormat;

/**
 * Prints a {@link MinistatResult} exactly as ministat(1) lays it out:
 * <pre>
 * x A
 * + B
 * +---------------+
 * |x x x * * + + +|
 * | |__A__|__A__| |
 * +---------------+
 *     N           Min           Max        Median           Avg        Stddev
 * x   5             1             5             3             3     1.5811388
 * +   5             4             8             6             6     1.5811388
 * Difference at 95.0% confidence
 * 	3 +/- 2.306
 * 	100% +/- 76.8667%
 * 	(Student's t, pooled s = 1.58114)
 * </pre>
 * The statistics lines use ministat's {@code %c %3d %13.8g %13.8g %13.8g %13.8g %13.8g}, the
 * difference lines {@code %g} (6 significant digits, see {@link CFormat}), each preceded by a
 * tab. Lines end in {@code \n}.
 */
public final class MinistatFormat {

    /** ministat's default plot width when standard output is not a terminal. */
    public static final int DEFAULT_WIDTH = 74;

    /** The statistics table header, as ministat prints it. */
    public static final String HEADER = "    N           Min           Max        Median           Avg        Stddev";

    /**
     * What to print, after ministat's options.
     *
     * @param width          plot width in columns, without the two border characters ({@code -w})
     * @param plot           whether to draw the plot (false is {@code -A})
     * @param separateBars   one mean/median bar line per sample ({@code -s})
     * @param statisticsOnly summary statistics only: no plot and no t test ({@code -n})
     */
    public record Options(int width, boolean plot, boolean separateBars, boolean statisticsOnly) {

        // Validates the width.
        public Options {
            if (width < 2) {
                throw new IllegalArgumentException("width must be >= 2: " + width);
            }
        }

        /**
         * @param width plot width
         * @return ministat's defaults at that width: plot, shared bar line, t test
         */
        public static Options ofWidth(int width) {
            return new Options(width, true, false, false);
        }
    }

    private MinistatFormat() {
    }

    /**
     * Formats with a plot of the given width and ministat's other defaults.
     *
     * @param result the comparison
     * @param width  plot width in columns ({@value #DEFAULT_WIDTH} is ministat's default)
     * @return the text
     */
    public static String format(MinistatResult result, int width) {
        return format(result, Options.ofWidth(width));
    }

    /**
     * Formats with the given options.
     *
     * @param result  the comparison
     * @param options what to print
     * @return the text
     */
    public static String format(MinistatResult result, Options options) {
        List<Sample> samples = result.samples();
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < samples.size(); i++) {
            out.append(MinistatPlot.SYMBOLS.charAt(i + 1)).append(' ').append(samples.get(i).name()).append('\n');
        }
        if (options.plot() && !options.statisticsOnly()) {
            out.append(MinistatPlot.render(samples, options.width(), options.separateBars()));
        }
        out.append(HEADER).append('\n');
        out.append(vitals(samples.get(0), 0));
        for (int i = 1; i < samples.size(); i++) {
            out.append(vitals(samples.get(i), i));
            if (!options.statisticsOnly()) {
                out.append(difference(result.differences().get(i - 1)));
            }
        }
        return out.toString();
    }

    /**
     * One statistics line, ministat's {@code Vitals()}.
     *
     * @param sample the sample
     * @param index  its 0-based position, which picks the plot symbol
     * @return the line with its newline
     */
    public static String vitals(Sample sample, int index) {
        Summary u = sample.summary();
        return MinistatPlot.SYMBOLS.charAt(index + 1) + " " + CFormat.padLeft(Integer.toString(u.n()), 3)
                + ' ' + CFormat.g(u.min(), 13, 8)
                + ' ' + CFormat.g(u.max(), 13, 8)
                + ' ' + CFormat.g(u.median(), 13, 8)
                + ' ' + CFormat.g(u.mean(), 13, 8)
                + ' ' + CFormat.g(u.stddev(), 13, 8)
                + '\n';
    }

    /**
     * The t test lines, ministat's {@code Relative()} output.
     *
     * @param d the test
     * @return four lines if the difference is proven, else one
     */
    public static String difference(Difference d) {
        return test(d.confidencePct(), "", d.significant(), d.difference(), d.halfWidth(), d.percent(),
                d.percentHalfWidth(), "Student's t, pooled s = " + CFormat.g(d.pooledStddev(), 6));
    }

    /**
     * The paired test's lines, in the shape of {@link #difference(Difference)}.
     *
     * @param d the paired test
     * @return four lines if the difference is proven, else one
     */
    public static String paired(PairedDifference d) {
        return test(d.confidencePct(), ", paired by seed", d.significant(), d.difference(), d.halfWidth(),
                d.percent(), d.percentHalfWidth(),
                "Student's t on " + d.pairs() + " differences, s = " + CFormat.g(d.stddev(), 6));
    }

    /** A test's lines: one when nothing is proven, else the difference, in percent, and how. */
    private static String test(double confidencePct, String how, boolean proven, double difference,
                               double halfWidth, double percent, double percentHalfWidth, String method) {
        String conf = String.format(Locale.ROOT, "%.1f", confidencePct);
        if (!proven) {
            return "No difference proven at " + conf + "% confidence" + how + "\n";
        }
        return "Difference at " + conf + "% confidence" + how + "\n"
                + '\t' + CFormat.g(difference, 6) + " +/- " + CFormat.g(halfWidth, 6) + '\n'
                + '\t' + CFormat.g(percent, 6) + "% +/- " + CFormat.g(percentHalfWidth, 6) + "%\n"
                + "\t(" + method + ")\n";
    }

    /**
     * The plot symbol of the sample at {@code index} (0-based): x, +, *, ...
     *
     * @param index the sample's position
     * @return its symbol
     */
    public static char symbol(int index) {
        return MinistatPlot.SYMBOLS.charAt(index + 1);
    }
}
