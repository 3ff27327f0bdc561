package org.locksim.cli.chart;

import java.awt.Color;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler;
import org.locksim.sweep.Axis;
import org.locksim.sweep.SweepPoint;
import org.locksim.sweep.SweepTable;

/**
 * A sweep's charts, one per figure: the figure's mean against the first {@code --vary} field,
 * one series per variant and per combination of the other varied fields' values, with the 95%
 * interval of each mean (Student's t, as the table gives it) as error bars when there are
 * repeats. Numeric values go on a numeric axis, logarithmic when they span two decades or more;
 * other values (a machine's name, a JSON object) are categories, drawn as grouped bars.
 */
public final class SweepChart {
  /** Values this many times apart or more are drawn on a logarithmic axis. */
  private static final double LOG_SPAN = 100;

  private SweepChart() {
  }

  /**
   * The charts of {@code table}, whose rows are {@code points} over {@code axes}.
   *
   * @param scenario the scenario's name, for the titles
   * @param labels each figure's name with its unit, e.g. {@code "ops/s"}
   */
  public static List<Chart<?, ?>> of(String scenario, List<Axis> axes, List<SweepPoint> points,
      List<String> labels, SweepTable table) {
    Axis x = axes.get(0);
    Map<String, List<Integer>> series = new LinkedHashMap<>();
    for (int p = 0; p < points.size(); p++) {
      series.computeIfAbsent(seriesName(scenario, axes, points.get(p)), k -> new ArrayList<>()).add(p);
    }
    double[] numeric = numeric(x.values());
    int runs = table.runs(0);
    List<Chart<?, ?>> charts = new ArrayList<>();
    for (int f = 0; f < labels.size(); f++) {
      String title = String.format(Locale.ROOT, "%s: %s (%s)", scenario, labels.get(f),
          runs > 1 ? "mean of " + runs + " runs, 95% interval by Student's t" : "one run each");
      charts.add(numeric != null
          ? xy(title, x, labels.get(f), numeric, series, points, table, f)
          : categories(title, x, labels.get(f), series, points, table, f));
    }
    return charts;
  }

  private static XYChart xy(String title, Axis x, String label, double[] xs,
      Map<String, List<Integer>> series, List<SweepPoint> points, SweepTable table, int f) {
    XYChart chart = new XYChartBuilder().title(title).xAxisTitle(x.path()).yAxisTitle(label).build();
    style(chart.getStyler());
    double min = java.util.Arrays.stream(xs).min().orElse(0);
    double max = java.util.Arrays.stream(xs).max().orElse(0);
    chart.getStyler().setXAxisLogarithmic(min > 0 && max / min >= LOG_SPAN);
    for (Map.Entry<String, List<Integer>> s : series.entrySet()) {
      List<Integer> rows = s.getValue();
      double[] px = new double[rows.size()];
      double[] py = new double[rows.size()];
      double[] err = new double[rows.size()];
      for (int i = 0; i < rows.size(); i++) {
        int p = rows.get(i);
        px[i] = xs[x.values().indexOf(points.get(p).values().get(0))];
        py[i] = table.mean(p, f);
        err[i] = table.runs(p) > 1 ? table.halfWidth(p, f) : 0;
      }
      if (table.runs(rows.get(0)) > 1) {
        chart.addSeries(s.getKey(), px, py, err);
      } else {
        chart.addSeries(s.getKey(), px, py);
      }
    }
    return chart;
  }

  private static CategoryChart categories(String title, Axis x, String label,
      Map<String, List<Integer>> series, List<SweepPoint> points, SweepTable table, int f) {
    CategoryChart chart = new CategoryChartBuilder().title(title).xAxisTitle(x.path()).yAxisTitle(label).build();
    style(chart.getStyler());
    for (Map.Entry<String, List<Integer>> s : series.entrySet()) {
      List<String> cx = new ArrayList<>();
      List<Double> cy = new ArrayList<>();
      List<Double> err = new ArrayList<>();
      for (int p : s.getValue()) {
        cx.add(points.get(p).values().get(0));
        cy.add(table.mean(p, f));
        err.add(table.runs(p) > 1 ? table.halfWidth(p, f) : 0);
      }
      if (table.runs(s.getValue().get(0)) > 1) {
        chart.addSeries(s.getKey(), cx, cy, err);
      } else {
        chart.addSeries(s.getKey(), cx, cy);
      }
    }
    return chart;
  }

  private static void style(AxesChartStyler styler) {
    styler.setChartBackgroundColor(Color.WHITE);
    styler.setPlotBackgroundColor(Color.WHITE);
    styler.setLegendPosition(Styler.LegendPosition.OutsideE);
    styler.setErrorBarsColorSeriesColor(true);
    styler.setChartTitleBoxVisible(false);
    styler.setYAxisDecimalPattern("#,##0.####");
  }

  /** The values as numbers, or null when one is not a finite number. */
  private static double[] numeric(List<String> values) {
    double[] v = new double[values.size()];
    for (int i = 0; i < v.length; i++) {
      try {
        v[i] = Double.parseDouble(values.get(i).strip());
      } catch (NumberFormatException e) {
        return null;
      }
      if (!Double.isFinite(v[i])) {
        return null;
      }
    }
    return v;
  }

  /** The series a point belongs to: its variant and the values of every axis but the first. */
  private static String seriesName(String scenario, List<Axis> axes, SweepPoint point) {
    List<String> parts = new ArrayList<>();
    String variant = point.scenario().variant();
    if (!variant.isEmpty() || axes.size() == 1) {
      parts.add(variant.isEmpty() ? scenario : variant);
    }
    for (int k = 1; k < axes.size(); k++) {
      parts.add(axes.get(k).path() + "=" + point.values().get(k));
    }
    return String.join(", ", parts);
  }
}
