package org.locksim.cli.chart;

import java.awt.Color;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.knowm.xchart.BoxChart;
import org.knowm.xchart.BoxChartBuilder;
import org.knowm.xchart.style.BoxStyler;

/**
 * A comparison's runs as box plots side by side, one box per scenario in the order compared: the
 * box spans the quartiles with the median inside, the whiskers reach the farthest run within 1.5
 * times the interquartile range (XChart's box plot), the distributions the ministat table
 * summarises.
 */
public final class CompareChart {
  private CompareChart() {
  }

  /**
   * The chart of a comparison.
   *
   * @param title what is compared, e.g. the scenario's name
   * @param label the figure's name with its unit, e.g. {@code "ops/s"}
   * @param names each side's name, in order
   * @param values each side's figures, one per run
   */
  public static BoxChart of(String title, String label, List<String> names, double[][] values) {
    BoxChart chart = new BoxChartBuilder()
        .title(String.format(Locale.ROOT, "%s: %s, %d runs each (box: quartiles and median;"
            + " whiskers: 1.5 IQR)", title, label, values[0].length))
        .xAxisTitle("scenario").yAxisTitle(label).build();
    BoxStyler styler = chart.getStyler();
    styler.setChartBackgroundColor(Color.WHITE);
    styler.setPlotBackgroundColor(Color.WHITE);
    styler.setChartTitleBoxVisible(false);
    styler.setLegendVisible(false);
    styler.setYAxisDecimalPattern("#,##0.####");
    Set<String> used = new HashSet<>();
    for (int i = 0; i < names.size(); i++) {
      String name = names.get(i);
      for (int k = 2; !used.add(name); k++) {
        name = names.get(i) + " (" + k + ")";
      }
      chart.addSeries(name, values[i]);
    }
    return chart;
  }
}
