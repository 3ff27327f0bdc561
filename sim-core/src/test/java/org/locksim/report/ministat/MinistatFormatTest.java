package org.locksim.report.ministat;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Why: people compare locksim's comparison with ministat's by eye and by diff, so the layout,
 * the plot columns and the bar markers must be ministat's. Expected plots are derived by hand
 * in the comments; the wide bar lines come from seed 002.
 */
class MinistatFormatTest {

    private static final double[] A = {1, 2, 3, 4, 5};
    private static final double[] B = {4, 5, 6, 7, 8};

    @Test
    void plotsTinySkewedSetByHand() {
        // 1 1 1 5: mean 2, stddev 2, median 1. Range [min(1, 2-2), max(5, 2+2)] = [0, 5].
        // width 11: dx = 5/10 = 0.5, x0 = -0.25, column(v) = (int) (2v + 0.5).
        // 1 -> column 2 (stacked three high), 5 -> column 10;
        // bar: | at column(0) = 0 and column(4) = 8, M at column(1) = 2, A at column(2) = 4.
        String expected = ""
                + "x skew\n"
                + "+-----------+\n"
                + "|  x        |\n"
                + "|  x        |\n"
                + "|  x       x|\n"
                + "||_M_A___|  |\n"
                + "+-----------+\n"
                + MinistatFormat.HEADER + "\n"
                + "x   4             1             5             1             2             2\n";
        MinistatResult r = Ministat.compare(List.of(Sample.of("skew", new double[] {1, 5, 1, 1})), 95.0);
        assertEquals(expected, MinistatFormat.format(r, 11));
    }

    @Test
    void plotsTwoSetsWithOverlapMarkersByHand() {
        // A = 1..5 (mean 3, sd 1.5811), B = 4..8 (mean 6). Range [1, 8]; width 15:
        // dx = 0.5, x0 = 0.75, column(v) = (int) (2v - 1.5): 1..8 -> 0 2 4 6 8 10 12 14.
        // 4 and 5 are in both sets: '*' at columns 6 and 8.
        // A's bar: column(1.4189) = 1, column(4.5811) = 7, A over M at column(3) = 4.
        // B's bar: column(4.4189) = 7, column(7.5811) = 13, A over M at column(6) = 10.
        String expected = ""
                + "x A\n"
                + "+ B\n"
                + "+---------------+\n"
                + "|x x x * * + + +|\n"
                + "| |__A__|__A__| |\n"
                + "+---------------+\n"
                + MinistatFormat.HEADER + "\n"
                + "x   5             1             5             3             3     1.5811388\n"
                + "+   5             4             8             6             6     1.5811388\n"
                + "Difference at 95.0% confidence\n"
                + "\t3 +/- 2.306\n"
                + "\t100% +/- 76.8667%\n"
                + "\t(Student's t, pooled s = 1.58114)\n";
        assertEquals(expected, MinistatFormat.format(Ministat.compare("A", A, "B", B, 95.0), 15));
    }

    @Test
    void drawsOneBarLinePerSampleWhenSeparate() {
        String plot = MinistatFormat.format(Ministat.compare("A", A, "B", B, 95.0),
                new MinistatFormat.Options(15, true, true, false));
        String bars = "| |__A__|       |\n"
                + "|       |__A__| |\n";
        assertEquals(true, plot.contains("|x x x * * + + +|\n" + bars + "+---------------+\n"), plot);
    }

    @Test
    void keepsTallStacksOfEarlierSets() {
        // ministat would cut the plot to the second set's height and hide two of the 1s.
        String plot = MinistatFormat.format(Ministat.compare("skew", new double[] {1, 1, 1, 5},
                "flat", new double[] {2, 3, 4}, 95.0), 11);
        assertEquals(3, plot.lines().filter(l -> l.startsWith("|  x")).count(), plot);
    }

    @Test
    void reproducesSeed002BarLines() {
        // The mail archive collapsed runs of spaces, so compare with single spaces. Width 134
        // (136 with the border, as in the seed). Bars depend only on the summary statistics.
        List<Sample> first = List.of(
                Sample.ofSummary("vanilla", new Summary(9, 13.845, 16.148, 15.271, 15.133889, 0.75997096)),
                Sample.ofSummary("patched", new Summary(9, 8.363, 9.56, 9.126, 9.0643333, 0.34198501)));
        assertEquals("| |_____AM____| |____________A_M__________| |", barLine(first));
        List<Sample> second = List.of(
                Sample.ofSummary("patched", new Summary(9, 8.363, 9.56, 9.126, 9.0643333, 0.34198501)),
                Sample.ofSummary("patched2", new Summary(9, 7.563, 9.038, 8.611, 8.5256667, 0.43365885)));
        assertEquals("| |____________________________A_____M______|_______________|______A___M__________________| |",
                barLine(second));
    }

    @Test
    void printsStatisticsOnlyWithoutPlotOrTest() {
        String text = MinistatFormat.format(Ministat.compare("A", A, "B", B, 95.0),
                new MinistatFormat.Options(74, true, false, true));
        assertEquals("x A\n+ B\n" + MinistatFormat.HEADER + "\n"
                + "x   5             1             5             3             3     1.5811388\n"
                + "+   5             4             8             6             6     1.5811388\n", text);
    }

    @Test
    void saysSoWhenSpanIsZero() {
        MinistatResult r = Ministat.compare(List.of(Sample.of("same", new double[] {7, 7, 7})), 95.0);
        assertEquals(true, MinistatFormat.format(r, 74).contains("x same\n[no plot, span is zero width]\n"));
    }

    private static String barLine(List<Sample> samples) {
        String plot = MinistatPlot.render(samples, 134, false);
        String[] lines = plot.split("\n");
        assertEquals(136, lines[0].length());
        return lines[lines.length - 2].replaceAll(" +", " ");
    }
}
