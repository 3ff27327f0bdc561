package org.locksim.sweep;

import java.io.IOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.locksim.report.ministat.Ministat;
import org.locksim.report.ministat.PairedDifference;
import org.locksim.report.ministat.Summary;
import org.locksim.report.ministat.TQuantile;

/**
 * A sweep's results as a table: a row per point, grouped by combination of values, with each
 * figure's mean over the repeats and, when there are several, the half-width of its 95%
 * confidence interval, {@code t * s / sqrt(n)} with {@code t} Student's two-sided quantile for
 * {@code n - 1} degrees of freedom (4.303 for three runs, not the normal 1.96 that suits only
 * large samples). When a combination has more than one variant, each variant after the first is
 * followed by its change from the first, in percent of the first's mean, with the 95% interval
 * of that change as {@code compare} computes it (Student's t on the pooled variance, {@link
 * Ministat#difference}), or, {@link #paired paired}, on the run-by-run differences of the two
 * variants' runs with the same seed ({@link PairedDifference}, as {@code compare --paired}).
 * One run per point shows no spread at all. The CSV form has the same rows, without the
 * grouping, for a spreadsheet or a plotting script.
 */
public final class SweepTable {
  /** The confidence level of every interval of the table, in percent. */
  public static final double CONFIDENCE_PCT = 95;

  private final List<Axis> axes;
  private final List<SweepPoint> points;
  private final List<String> names;
  private final List<String> labels;
  private final double[][][] results;
  private final boolean paired;

  /**
   * @param names each figure's short name (CSV columns)
   * @param labels each figure's column heading, unit included
   * @param results per point, repeat and figure, as {@link SweepRunner#run} returns them
   */
  public SweepTable(List<Axis> axes, List<SweepPoint> points, List<String> names,
      List<String> labels, double[][][] results) {
    this(axes, points, names, labels, results, false);
  }

  /**
   * @param paired whether a change's interval is the paired test's: run {@code i} of every
   *     variant of a combination must then have had the same seed
   */
  public SweepTable(List<Axis> axes, List<SweepPoint> points, List<String> names,
      List<String> labels, double[][][] results, boolean paired) {
    this.axes = List.copyOf(axes);
    this.points = List.copyOf(points);
    this.names = List.copyOf(names);
    this.labels = List.copyOf(labels);
    this.results = results;
    this.paired = paired;
  }

  /** The mean of figure {@code f} over point {@code p}'s repeats. */
  public double mean(int p, int f) {
    double s = 0;
    for (double[] r : results[p]) {
      s += r[f];
    }
    return s / results[p].length;
  }

  /** The sample standard deviation of figure {@code f} at point {@code p}; 0 for one run. */
  public double stddev(int p, int f) {
    int n = results[p].length;
    if (n < 2) {
      return 0;
    }
    double m = mean(p, f);
    double ss = 0;
    for (double[] r : results[p]) {
      ss += (r[f] - m) * (r[f] - m);
    }
    return Math.sqrt(ss / (n - 1));
  }

  /** How many runs point {@code p} has. */
  public int runs(int p) {
    return results[p].length;
  }

  /**
   * The half-width of the 95% confidence interval of figure {@code f}'s mean at point {@code p},
   * with Student's t for {@code n - 1} degrees of freedom; NaN for one run, which has no spread.
   */
  public double halfWidth(int p, int f) {
    int n = results[p].length;
    if (n < 2) {
      return Double.NaN;
    }
    return TQuantile.EXACT.critical(CONFIDENCE_PCT, n - 1) * stddev(p, f) / Math.sqrt(n);
  }

  /**
   * The half-width, in percent of the first variant's mean, of the 95% interval of point
   * {@code p}'s change in figure {@code f} from {@code first}; NaN when either has one run or
   * the change is undefined.
   */
  private double changeHalfWidth(int p, int first, int f) {
    int nR = runs(first);
    int nS = runs(p);
    double base = mean(first, f);
    double here = mean(p, f);
    double sR = stddev(first, f);
    double sS = stddev(p, f);
    if (nR < 2 || nS < 2 || base == 0 || !Double.isFinite(here + base + sR + sS)) {
      return Double.NaN;
    }
    if (paired && nR == nS) {
      return Math.abs(PairedDifference.of(column(first, f), column(p, f), CONFIDENCE_PCT, TQuantile.EXACT)
          .percentHalfWidth());
    }
    return Math.abs(Ministat.difference(Summary.ofMoments(nR, base, sR), Summary.ofMoments(nS, here, sS),
        CONFIDENCE_PCT, TQuantile.EXACT).percentHalfWidth());
  }

  /** Figure {@code f} of point {@code p}'s runs, in repeat order. */
  private double[] column(int p, int f) {
    double[] out = new double[results[p].length];
    for (int i = 0; i < out.length; i++) {
      out[i] = results[p][i][f];
    }
    return out;
  }

  /** The index of the first point of {@code p}'s combination, or -1 when {@code p} is it. */
  private int firstOfCell(int p) {
    int q = p;
    while (q > 0 && points.get(q - 1).cell() == points.get(p).cell()) {
      q--;
    }
    return q == p ? -1 : q;
  }

  private double changePercent(int p, int first, int f) {
    double base = mean(first, f);
    return base == 0 ? Double.NaN : 100 * (mean(p, f) - base) / base;
  }

  /** The table as aligned text, one line per row. */
  public String text() {
    List<String[]> rows = new ArrayList<>();
    int cols = axes.size() + 1 + names.size();
    String[] head = new String[cols];
    for (int k = 0; k < axes.size(); k++) {
      head[k] = axes.get(k).path();
    }
    head[axes.size()] = "variant";
    for (int f = 0; f < names.size(); f++) {
      head[axes.size() + 1 + f] = labels.get(f);
    }
    rows.add(head);
    for (int p = 0; p < points.size(); p++) {
      SweepPoint pt = points.get(p);
      int first = firstOfCell(p);
      String[] row = new String[cols];
      for (int k = 0; k < axes.size(); k++) {
        row[k] = first < 0 ? pt.values().get(k) : "";
      }
      row[axes.size()] = pt.scenario().variant().isEmpty() ? "-" : pt.scenario().variant();
      for (int f = 0; f < names.size(); f++) {
        String v = number(mean(p, f));
        if (results[p].length > 1) {
          double m = mean(p, f);
          v += m == 0 ? " +-0" : String.format(Locale.ROOT, " +-%.1f%%", 100 * halfWidth(p, f) / Math.abs(m));
        }
        row[axes.size() + 1 + f] = v;
      }
      rows.add(row);
      if (first >= 0) {
        String[] change = new String[cols];
        for (int k = 0; k <= axes.size(); k++) {
          change[k] = "";
        }
        change[axes.size()] = paired ? "  change, paired" : "  change";
        for (int f = 0; f < names.size(); f++) {
          double hw = changeHalfWidth(p, first, f);
          change[axes.size() + 1 + f] = percent(changePercent(p, first, f))
              + (Double.isNaN(hw) ? "" : String.format(Locale.ROOT, " +-%.1f%%", hw));
        }
        rows.add(change);
      }
    }
    int[] width = new int[cols];
    for (String[] r : rows) {
      for (int c = 0; c < cols; c++) {
        width[c] = Math.max(width[c], r[c].length());
      }
    }
    StringBuilder sb = new StringBuilder();
    for (String[] r : rows) {
      StringBuilder line = new StringBuilder();
      for (int c = 0; c < cols; c++) {
        boolean figure = c > axes.size();
        String cell = figure ? pad(r[c], width[c], true) : pad(r[c], width[c], false);
        line.append(cell).append(c < cols - 1 ? "  " : "");
      }
      sb.append(line.toString().stripTrailing()).append('\n');
    }
    return sb.toString();
  }

  /**
   * The table as CSV: a header, then a row per point. Per figure {@code F}: {@code F_mean},
   * {@code F_stddev} (the sample standard deviation), {@code F_ci95_t} (the half-width of the
   * mean's 95% interval, Student's t for n - 1 degrees of freedom), {@code F_change_pct} (from
   * the first variant of the same values; empty for that one) and {@code F_change_ci95_t} (the
   * half-width of that change's 95% interval, in percent; {@code F_change_ci95_t_paired} when
   * the table is paired). Spreads are empty with one run.
   */
  public void csv(Writer out) throws IOException {
    List<String> head = new ArrayList<>();
    axes.forEach(a -> head.add(a.path()));
    head.add("variant");
    head.add("runs");
    for (String n : names) {
      head.add(n + "_mean");
      head.add(n + "_stddev");
      head.add(n + "_ci95_t");
      head.add(n + "_change_pct");
      head.add(n + (paired ? "_change_ci95_t_paired" : "_change_ci95_t"));
    }
    out.write(csvLine(head));
    for (int p = 0; p < points.size(); p++) {
      SweepPoint pt = points.get(p);
      int first = firstOfCell(p);
      List<String> row = new ArrayList<>(pt.values());
      row.add(pt.scenario().variant());
      row.add(Integer.toString(results[p].length));
      for (int f = 0; f < names.size(); f++) {
        row.add(Double.toString(mean(p, f)));
        row.add(spread(stddev(p, f), p));
        row.add(spread(halfWidth(p, f), p));
        row.add(first < 0 ? "" : Double.toString(changePercent(p, first, f)));
        row.add(first < 0 ? "" : spread(changeHalfWidth(p, first, f), p));
      }
      out.write(csvLine(row));
    }
  }

  /** A spread of point {@code p} for the CSV: empty when it has one run or none is defined. */
  private String spread(double v, int p) {
    return runs(p) < 2 || Double.isNaN(v) ? "" : Double.toString(v);
  }

  private static String csvLine(List<String> cells) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < cells.size(); i++) {
      String c = cells.get(i);
      if (c.contains(",") || c.contains("\"") || c.contains("\n")) {
        c = "\"" + c.replace("\"", "\"\"") + "\"";
      }
      sb.append(i > 0 ? "," : "").append(c);
    }
    return sb.append('\n').toString();
  }

  private static String pad(String s, int width, boolean right) {
    String fill = " ".repeat(Math.max(0, width - s.length()));
    return right ? fill + s : s + fill;
  }

  /** A figure with about four significant digits, thousands grouped. */
  static String number(double v) {
    if (Double.isNaN(v)) {
      return "-";
    }
    double a = Math.abs(v);
    if (a >= 1e3) {
      return String.format(Locale.ROOT, "%,.0f", v);
    }
    if (a >= 100) {
      return String.format(Locale.ROOT, "%.1f", v);
    }
    if (a >= 1) {
      return String.format(Locale.ROOT, "%.3f", v);
    }
    if (v == 0 || Double.isInfinite(v)) {
      return v == 0 ? "0" : Double.toString(v);
    }
    return new BigDecimal(v).round(new MathContext(4)).toPlainString();
  }

  private static String percent(double v) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%+.1f%%", v);
  }
}
