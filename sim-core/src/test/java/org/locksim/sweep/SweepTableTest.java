package org.locksim.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.locksim.scenario.ScenarioLoader;

/**
 * Why: the table is what a reader quotes on a mailing list; its change column must be the
 * second variant against the first of the same values, and the CSV must load as written.
 */
class SweepTableTest {
  @Test
  void eachLaterVariantIsFollowedByItsChangeFromTheFirst() throws IOException {
    List<Axis> axes = List.of(Axis.parse("kernel.hz=100,250"));
    List<SweepPoint> points = SweepGrid.expand(ScenarioLoader.standard(), SweepGridTest.V1, List.of(),
        axes, List.of("sleep-up", "sleep-smp"));
    // Figures given by hand: the table's arithmetic, not the model, is under test.
    double[][][] results = {
        {{10, 4}, {12, 4}},
        {{5, 4}, {7, 4}},
        {{20, 0}, {20, 0}},
        {{30, 0}, {30, 0}}};
    SweepTable t = new SweepTable(axes, points,
        List.of("a", "b"), List.of("a s", "b/s"), results);
    assertEquals(11, t.mean(0, 0));
    assertEquals(Math.sqrt(2), t.stddev(0, 0), 1e-12);
    // two runs: t = 12.706 for one degree of freedom, so the half-width is 12.706 * sqrt(2) / sqrt(2)
    assertEquals(12.706, t.halfWidth(0, 0), 5e-4);
    String expected = String.join("\n",
        // 11 +- 12.706 is 115.5%; the change -5 +- 4.303 * sqrt(2) * sqrt(1/2 + 1/2) is 55.3% of 11
        "kernel.hz  variant                a s           b/s",
        "100        sleep-up   11.000 +-115.5%  4.000 +-0.0%",
        "           sleep-smp   6.000 +-211.8%  4.000 +-0.0%",
        "             change    -45.5% +-55.3%  +0.0% +-0.0%",
        "250        sleep-up     20.000 +-0.0%         0 +-0",
        "           sleep-smp    30.000 +-0.0%         0 +-0",
        "             change     +50.0% +-0.0%             -",
        "");
    assertEquals(expected, t.text());
    StringWriter csv = new StringWriter();
    new SweepTable(axes, points, List.of("a"), List.of("a s"), new double[][][] {
        {{1}}, {{2}}, {{3}}, {{6}}}).csv(csv);
    assertEquals(String.join("\n",
        "kernel.hz,variant,runs,a_mean,a_stddev,a_ci95_t,a_change_pct,a_change_ci95_t",
        "100,sleep-up,1,1.0,,,,",
        "100,sleep-smp,1,2.0,,,100.0,",
        "250,sleep-up,1,3.0,,,,",
        "250,sleep-smp,1,6.0,,,100.0,",
        ""), csv.toString());
  }

  /** About four significant digits, thousands grouped from 1,000 on (not "5577.0" beside "10,575"). */
  @Test
  void figuresKeepAboutFourSignificantDigits() {
    assertEquals("10,575", SweepTable.number(10_575));
    assertEquals("5,577", SweepTable.number(5_577));
    assertEquals("652.0", SweepTable.number(652));
    assertEquals("3.142", SweepTable.number(Math.PI));
    assertEquals("0.001235", SweepTable.number(0.0012346));
    assertEquals("-", SweepTable.number(Double.NaN));
  }

  @Test
  void threeRunsGiveStudentsHalfWidthNotTheNormalOne() throws IOException {
    List<Axis> axes = List.of(Axis.parse("kernel.hz=100"));
    List<SweepPoint> points = SweepGrid.expand(ScenarioLoader.standard(), SweepGridTest.V1, List.of(),
        axes, List.of("sleep-up", "sleep-smp"));
    // means 2 and 4, standard deviation 1 each: t(0.975, 2) = 4.303, so +-4.303/sqrt(3) = +-2.484
    SweepTable t = new SweepTable(axes, points, List.of("a"), List.of("a s"),
        new double[][][] {{{1}, {2}, {3}}, {{3}, {4}, {5}}});
    assertEquals(4.303 / Math.sqrt(3), t.halfWidth(0, 0), 5e-4);
    assertNotEquals(1.96 / Math.sqrt(3), t.halfWidth(0, 0), 0.5);
    // the change +100%: pooled s = 1 over 4 degrees of freedom, t = 2.776, so
    // +-2.776 * sqrt(1/3 + 1/3) = +-2.267, 113.3% of the first mean
    String text = t.text();
    assertTrue(text.contains("2.000 +-124.2%"), text);
    assertTrue(text.contains("4.000 +-62.1%"), text);
    assertTrue(text.contains("+100.0% +-113.3%"), text);
    StringWriter csv = new StringWriter();
    t.csv(csv);
    String[] second = csv.toString().split("\n")[2].split(",");
    assertEquals(4.303 / Math.sqrt(3), Double.parseDouble(second[5]), 5e-4);
    assertEquals(100 * 2.776 * Math.sqrt(2.0 / 3) / 2, Double.parseDouble(second[7]), 0.05);
  }

  @Test
  void csvQuotesAValueThatHoldsCommasOrQuotes() throws IOException {
    List<Axis> axes = List.of(Axis.parse("machine={\"model\":\"pentium4\"},pentium3"));
    List<SweepPoint> points = SweepGrid.expand(ScenarioLoader.standard(), SweepGridTest.V1, List.of(),
        axes, List.of("sleep-up"));
    StringWriter csv = new StringWriter();
    new SweepTable(axes, points, List.of("a"), List.of("a s"), new double[][][] {{{1}}, {{2}}}).csv(csv);
    assertEquals(String.join("\n",
        "machine,variant,runs,a_mean,a_stddev,a_ci95_t,a_change_pct,a_change_ci95_t",
        "\"{\"\"model\"\":\"\"pentium4\"\"}\",sleep-up,1,1.0,,,,",
        "pentium3,sleep-up,1,2.0,,,,",
        ""), csv.toString());
  }

  /** Why: runs of two variants with one seed share its draws; paired, the change's interval
   * leaves that common spread out, and the CSV says which interval it holds. */
  @Test
  void aPairedTableTestsTheRunByRunDifferences() throws IOException {
    List<Axis> axes = List.of(Axis.parse("kernel.hz=100"));
    List<SweepPoint> points = SweepGrid.expand(ScenarioLoader.standard(), SweepGridTest.V1, List.of(),
        axes, List.of("sleep-up", "sleep-smp"));
    double[][][] results = {{{10}, {20}, {30}}, {{11}, {22}, {33}}};
    // differences 1, 2, 3: mean 2, s = 1, t = 4.303 for 2 degrees of freedom, so 2 +- 2.484,
    // which is 12.4% of 20; pooled, s = 10.51 over 4 degrees of freedom (t = 2.776) and the
    // half-width 2.776 * 10.51 * sqrt(2/3) = 23.8, 119.2% of 20
    String pooled = new SweepTable(axes, points, List.of("a"), List.of("a s"), results).text();
    assertTrue(pooled.matches("(?s).*\\n +change +\\+10\\.0% \\+-119\\.2%\\n.*"), pooled);
    SweepTable paired = new SweepTable(axes, points, List.of("a"), List.of("a s"), results, true);
    assertTrue(paired.text().matches("(?s).*\\n +change, paired +\\+10\\.0% \\+-12\\.4%\\n.*"), paired.text());
    StringWriter csv = new StringWriter();
    paired.csv(csv);
    assertTrue(csv.toString().startsWith("kernel.hz,variant,runs,a_mean,a_stddev,a_ci95_t,a_change_pct,"
        + "a_change_ci95_t_paired\n"), csv.toString());
  }
}
