package org.locksim.validation;

import java.util.Locale;

/**
 * One validated figure.
 *
 * @param figure what is compared
 * @param published the published figure, as text
 * @param simulated the simulated value
 * @param simulatedText the simulated figure, as text
 * @param low lowest value inside the band
 * @param high highest value inside the band
 * @param band the band, as text
 */
public record Row(String figure, String published, double simulated, String simulatedText,
    double low, double high, String band) {

  /** In its band, or skipped (a row that checks nothing fails nothing). */
  public boolean pass() {
    return skipped() || (simulated >= low && simulated <= high);
  }

  /** A row that could not be checked ({@link #skipped(String, String, String)}). */
  public boolean skipped() {
    return low == Double.NEGATIVE_INFINITY && high == Double.POSITIVE_INFINITY;
  }

  public String verdict() {
    return skipped() ? "skipped" : pass() ? "pass" : "FAIL";
  }

  /** A row that cannot be checked here, saying why (a model the catalog lacks). */
  public static Row skipped(String figure, String published, String why) {
    return new Row(figure, published, Double.NaN, why, Double.NEGATIVE_INFINITY,
        Double.POSITIVE_INFINITY, "none");
  }

  /** A row for a figure within {@code pct} percent of {@code published}. */
  public static Row within(String figure, double published, double simulated, double pct) {
    double err = 100 * (simulated - published) / published;
    double shown = Math.abs(err) < 0.05 ? 0 : err;
    return new Row(figure, fmt(published), err,
        String.format(Locale.ROOT, "%s (%+.1f%%)", fmt(simulated), shown),
        -pct, pct, String.format(Locale.ROOT, "+/-%.0f%%", pct));
  }

  /** A row for a ratio or change that must lie in {@code [low, high]}. */
  public static Row range(String figure, String published, double simulated, String simulatedText,
      double low, double high, String band) {
    return new Row(figure, published, simulated, simulatedText, low, high, band);
  }

  static String fmt(double v) {
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      return String.format(Locale.ROOT, "%,d", (long) v);
    }
    return String.format(Locale.ROOT, "%,.1f", v);
  }
}
