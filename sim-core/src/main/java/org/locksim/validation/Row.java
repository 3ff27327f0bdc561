package org.locksim.validation;

import java.util.Locale;
import java.util.Objects;

/**
 * One validated figure, and what kind of evidence it is (VALIDATION.md, "Calibration and
 * prediction"): a {@link Kind#FIT fit} row shows that a fitted parameter hit its figure, an
 * {@link Kind#INPUT input} row holds by construction, and only a {@link Kind#PREDICTION
 * prediction} row tests the model.
 *
 * @param figure what is compared
 * @param published the published figure, as text
 * @param simulated the simulated value
 * @param simulatedText the simulated figure, as text
 * @param low lowest value inside the band
 * @param high highest value inside the band
 * @param band the band, as text
 * @param kind fit, input or prediction
 * @param fitted for a fit row, the parameter fitted to it; otherwise null
 * @param measure the simulated quantity itself (the figure, not its error against the
 *     published one), whose move the sensitivity table reports
 * @param scale what a move of the measure is relative to: its own size or, when that is
 *     smaller, half the width of its band in the measure's units (so that a change near zero,
 *     judged by a band around zero, is not said to move by thousands of percent)
 */
public record Row(String figure, String published, double simulated, String simulatedText,
    double low, double high, String band, Kind kind, FittedParameter fitted, double measure, double scale) {

  /** What a row shows. */
  public enum Kind {
    /** A parameter of the scenario was set so that this figure comes out as published. */
    FIT("fit"),
    /** True by construction: the figure is an input of the scenario, or a row the project added. */
    INPUT("input"),
    /** What the model predicts from its inputs and fits. */
    PREDICTION("prediction");

    private final String label;

    Kind(String label) {
      this.label = label;
    }

    public String label() {
      return label;
    }
  }

  public Row {
    Objects.requireNonNull(kind, "kind");
    if ((kind == Kind.FIT) != (fitted != null)) {
      throw new IllegalArgumentException(figure + ": a fit row, and only a fit row, names its parameter");
    }
  }

  /** A prediction row whose measure is its value. */
  public Row(String figure, String published, double simulated, String simulatedText,
      double low, double high, String band) {
    this(figure, published, simulated, simulatedText, low, high, band, Kind.PREDICTION, null, simulated,
        scale(simulated, low, high));
  }

  private static double scale(double measure, double low, double high) {
    double half = (high - low) / 2;
    return Double.isFinite(half) ? Math.max(Math.abs(measure), half) : Math.abs(measure);
  }

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

  /** This row, marked as the one {@code p} was fitted to. */
  public Row fit(FittedParameter p) {
    return new Row(figure, published, simulated, simulatedText, low, high, band, Kind.FIT,
        Objects.requireNonNull(p, "parameter"), measure, scale);
  }

  /** This row, marked as holding by construction. */
  public Row input() {
    return new Row(figure, published, simulated, simulatedText, low, high, band, Kind.INPUT, null, measure, scale);
  }

  /** The kind as shown, with the parameter of a fit: {@code fit: workload.lookup.meanNs}. */
  public String kindText() {
    return kind == Kind.FIT ? "fit: " + fitted.parameter() : kind.label();
  }

  /** A row for a figure within {@code pct} percent of {@code published}. */
  public static Row within(String figure, double published, double simulated, double pct) {
    double err = 100 * (simulated - published) / published;
    double shown = Math.abs(err) < 0.05 ? 0 : err;
    return new Row(figure, fmt(published), err,
        String.format(Locale.ROOT, "%s (%+.1f%%)", fmt(simulated), shown),
        -pct, pct, String.format(Locale.ROOT, "+/-%.0f%%", pct), Kind.PREDICTION, null, simulated,
        Math.max(Math.abs(simulated), Math.abs(published) * pct / 100));
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
