package org.locksim.validation;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.locksim.report.ministat.Summary;
import org.locksim.report.ministat.TQuantile;
import org.locksim.validation.ValidationReport.Result;

/**
 * How far each row's figure moves with the seeds: a reproduction rerun with every seed it uses
 * shifted by {@link #STRIDE}, twice that, ... (other draws each time; the stride keeps the
 * seed sets apart where a reproduction runs several seeds itself, V5's ten and V6's five), and
 * per row the figure's mean, range and 95% interval over the offsets, with how many of them
 * are in band. A verdict near a band's edge can be the luck of one seed (V4's 16-CPU system
 * time: FAIL by 0.2 points with the bundled seed, in band on average over six); this says
 * which verdicts are.
 *
 * @param reproduction the reproduction's id
 * @param rows one line per row that checks something, in the table's order
 */
public record SeedSpread(String reproduction, List<Line> rows) {
  /** How far apart the seed sets of two offsets start. */
  public static final long STRIDE = 1000;

  /** The confidence of the interval, in percent. */
  static final double CONFIDENCE_PCT = 95;

  /**
   * One row over the offsets.
   *
   * @param figure the row's figure
   * @param values its simulated figure at offset 0, 1, ...
   * @param inBand how many of those lie in its band
   */
  public record Line(String figure, double[] values, int inBand) {
    /** The values' summary (mean, range, standard deviation). */
    public Summary summary() {
      return Summary.of(values);
    }

    /** Half-width of the 95% interval of the mean (Student's t, n - 1 degrees of freedom). */
    public double halfWidth() {
      return TQuantile.EXACT.critical(CONFIDENCE_PCT, values.length - 1) * summary().stddev()
          / Math.sqrt(values.length);
    }
  }

  /**
   * The spread of one reproduction's rows over its results at offsets 0, 1, ... (at least two).
   * Rows are matched by position; a skipped row checks nothing and is left out.
   */
  public static SeedSpread of(List<Result> byOffset) {
    if (byOffset.size() < 2) {
      throw new IllegalArgumentException("a spread needs two offsets or more, got " + byOffset.size());
    }
    Result first = byOffset.get(0);
    List<Line> lines = new ArrayList<>();
    for (int i = 0; i < first.rows().size(); i++) {
      Row row = first.rows().get(i);
      if (row.skipped()) {
        continue;
      }
      double[] v = new double[byOffset.size()];
      int in = 0;
      for (int k = 0; k < v.length; k++) {
        Row r = byOffset.get(k).rows().get(i);
        v[k] = r.simulated();
        in += r.pass() ? 1 : 0;
      }
      lines.add(new Line(row.figure(), v, in));
    }
    return new SeedSpread(first.reproduction().id(), List.copyOf(lines));
  }

  /** The spreads as text: a block per reproduction, a line per row. */
  public static String text(List<SeedSpread> spreads) {
    StringBuilder sb = new StringBuilder();
    for (SeedSpread s : spreads) {
      if (s.rows().isEmpty()) {
        continue;
      }
      int n = s.rows().get(0).values().length;
      sb.append(String.format(Locale.ROOT, "%n%s over %d seed sets (the bundled seeds, then shifted by %,d each):"
          + " in band, mean +- 95%% (t), range%n", s.reproduction(), n, STRIDE));
      int width = s.rows().stream().mapToInt(l -> l.figure().length()).max().orElse(0);
      for (Line l : s.rows()) {
        Summary u = l.summary();
        sb.append(String.format(Locale.ROOT, "  %-" + width + "s  %d of %d  %s +- %s  (%s to %s)%n", l.figure(),
            l.inBand(), n, num(u.mean()), num(l.halfWidth()), num(u.min()), num(u.max())));
      }
    }
    return sb.toString();
  }

  /** A figure with about four significant digits, as the rows' own figures read. */
  static String num(double v) {
    double a = Math.abs(v);
    String f = a >= 1000 ? "%,.0f" : a >= 100 ? "%.1f" : a >= 10 ? "%.2f" : "%.3f";
    return String.format(Locale.ROOT, f, v);
  }
}
