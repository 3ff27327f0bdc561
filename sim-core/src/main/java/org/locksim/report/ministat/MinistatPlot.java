package org.locksim.report.ministat;

import java.util.List;

/**
 * ministat's ASCII distribution plot ({@code SetupPlot}, {@code DimPlot}, {@code PlotSet},
 * {@code DumpPlot} in ministat.c).
 *
 * <p>The horizontal range covers every sample's min, max and mean ± stddev. With {@code width}
 * columns, {@code dx = span / (width - 1)} and {@code x0 = min - dx/2}, a value {@code v} falls in
 * column {@code (int) ((v - x0) / dx)}. Values of one sample that share a column stack upwards;
 * each cell holds the OR of the 1-based sample numbers that put a point there, printed through
 * ministat's symbol table {@code " x+*%#@O"} (so a cell with both sample 1 and sample 2 shows
 * {@code *}, as does a cell of sample 3 alone: ministat's own ambiguity). Below the points, a bar
 * line per plot (or per sample with {@code separateBars}, ministat's {@code -s}) shows
 * {@code |} at mean - stddev and mean + stddev, {@code _} between, {@code M} at the median and
 * {@code A} at the mean, written in that order so {@code A} wins.
 *
 * <p>One deliberate difference: ministat sets the plot height to the stack height of the
 * <em>last</em> sample it plots, so points of an earlier sample with taller stacks are silently
 * cut off; here the height is the tallest stack of any sample.
 */
final class MinistatPlot {

    static final String SYMBOLS = " x+*%#@O";

    private MinistatPlot() {
    }

    /**
     * Renders the plot, each line ending in a newline; or ministat's
     * {@code [no plot, span is zero width]} line when all values and bars coincide.
     */
    static String render(List<Sample> samples, int width, boolean separateBars) {
        if (width < 2) {
            throw new IllegalArgumentException("plot width must be >= 2: " + width);
        }
        double min = 999e99;
        double max = -999e99;
        for (Sample s : samples) {
            Summary u = s.summary();
            double[] extremes = {u.min(), u.max(), u.mean() - u.stddev(), u.mean() + u.stddev()};
            for (double v : extremes) {
                min = Math.min(min, v);
                max = Math.max(max, v);
            }
        }
        double span = max - min;
        if (span == 0) {
            return "[no plot, span is zero width]\n";
        }
        double dx = span / (width - 1.0);
        double x0 = min - 0.5 * dx;

        int height = 2;
        for (Sample s : samples) {
            height = Math.max(height, tallestStack(s, x0, dx) + 1);
        }
        int[][] cells = new int[height][width];
        char[][] bars = new char[separateBars ? samples.size() : 1][];
        for (int k = 0; k < samples.size(); k++) {
            Sample s = samples.get(k);
            int val = k + 1;
            int previous = -1;
            int level = 0;
            for (int n = 0; n < s.valueCount(); n++) {
                int x = column(s.value(n), x0, dx);
                level = (x == previous) ? level + 1 : 1;
                previous = x;
                cells[level][x] |= val;
            }
            int bar = separateBars ? k : 0;
            if (bars[bar] == null) {
                bars[bar] = new char[width];
            }
            drawBar(bars[bar], s.summary(), x0, dx);
        }

        StringBuilder out = new StringBuilder((width + 3) * (height + bars.length + 2));
        border(out, width);
        for (int row = height - 1; row >= 1; row--) {
            out.append('|');
            for (int x = 0; x < width; x++) {
                int k = cells[row][x];
                if (k < SYMBOLS.length()) {
                    out.append(SYMBOLS.charAt(k));
                } else {
                    out.append(String.format("[%02x]", k));
                }
            }
            out.append("|\n");
        }
        for (char[] bar : bars) {
            out.append('|');
            for (char c : bar) {
                out.append(c == 0 ? ' ' : c);
            }
            out.append("|\n");
        }
        border(out, width);
        return out.toString();
    }

    private static void drawBar(char[] bar, Summary u, double x0, double dx) {
        if (!Double.isNaN(u.stddev())) {
            int lo = column(u.mean() - u.stddev(), x0, dx);
            int hi = column(u.mean() + u.stddev(), x0, dx);
            bar[hi] = '|';
            bar[lo] = '|';
            for (int i = lo + 1; i < hi; i++) {
                if (bar[i] == 0) {
                    bar[i] = '_';
                }
            }
        }
        bar[column(u.median(), x0, dx)] = 'M';
        bar[column(u.mean(), x0, dx)] = 'A';
    }

    private static int tallestStack(Sample s, double x0, double dx) {
        int tallest = 1;
        int previous = -1;
        int level = 0;
        for (int n = 0; n < s.valueCount(); n++) {
            int x = column(s.value(n), x0, dx);
            level = (x == previous) ? level + 1 : 1;
            previous = x;
            tallest = Math.max(tallest, level);
        }
        return tallest;
    }

    /** C's truncating double-to-int conversion of ministat's column formula. */
    private static int column(double v, double x0, double dx) {
        return (int) ((v - x0) / dx);
    }

    private static void border(StringBuilder out, int width) {
        out.append('+');
        for (int i = 0; i < width; i++) {
            out.append('-');
        }
        out.append("+\n");
    }
}
