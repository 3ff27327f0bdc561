package org.locksim.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
    String expected = String.join("\n",
        "kernel.hz  variant               a s           b/s",
        "100        sleep-up   11.000 +-12.9%  4.000 +-0.0%",
        "           sleep-smp   6.000 +-23.6%  4.000 +-0.0%",
        "             change           -45.5%         +0.0%",
        "250        sleep-up    20.000 +-0.0%         0 +-0",
        "           sleep-smp   30.000 +-0.0%         0 +-0",
        "             change           +50.0%             -",
        "");
    assertEquals(expected, t.text());
    StringWriter csv = new StringWriter();
    new SweepTable(axes, points, List.of("a"), List.of("a s"), new double[][][] {
        {{1}}, {{2}}, {{3}}, {{6}}}).csv(csv);
    assertEquals(String.join("\n",
        "kernel.hz,variant,runs,a_mean,a_stddev,a_change_pct",
        "100,sleep-up,1,1.0,0.0,",
        "100,sleep-smp,1,2.0,0.0,100.0",
        "250,sleep-up,1,3.0,0.0,",
        "250,sleep-smp,1,6.0,0.0,100.0",
        ""), csv.toString());
  }

  @Test
  void csvQuotesAValueThatHoldsCommasOrQuotes() throws IOException {
    List<Axis> axes = List.of(Axis.parse("machine={\"model\":\"pentium4\"},pentium3"));
    List<SweepPoint> points = SweepGrid.expand(ScenarioLoader.standard(), SweepGridTest.V1, List.of(),
        axes, List.of("sleep-up"));
    StringWriter csv = new StringWriter();
    new SweepTable(axes, points, List.of("a"), List.of("a s"), new double[][][] {{{1}}, {{2}}}).csv(csv);
    assertEquals(String.join("\n",
        "machine,variant,runs,a_mean,a_stddev,a_change_pct",
        "\"{\"\"model\"\":\"\"pentium4\"\"}\",sleep-up,1,1.0,0.0,",
        "pentium3,sleep-up,1,2.0,0.0,",
        ""), csv.toString());
  }
}
