package org.locksim.validation;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.locksim.validation.ValidationReport.Result;

/**
 * docs/calibration.md: every fitted parameter of the bundled scenarios, the row and the
 * published figure it was fitted to, its value, and the sensitivity of the reproduction's rows
 * to it. The list is {@link #head} (cheap: it reads the scenarios, and a test checks it); the
 * sensitivity section needs the reruns of {@link SensitivityRuns}.
 */
public final class CalibrationPage {
  /** Where the sensitivity section starts; a test compares the page up to here. */
  public static final String SENSITIVITY_HEADING = "## Sensitivity";

  private CalibrationPage() { }

  /** Where the stand-ins section starts. */
  public static final String STAND_INS_HEADING = "## Stand-ins";

  /**
   * The page: {@link #head}, the sensitivity of each parameter and the rows under each
   * stand-in of an unknown input.
   */
  public static String markdown(List<Result> results, Path scenarios, List<Sensitivity> sensitivity,
      List<StandInRuns.Table> standIns) {
    return markdown(results, scenarios, sensitivity) + standIns(standIns);
  }

  /** The stand-ins section: for each unknown input, the rows it concerns under each value. */
  static String standIns(List<StandInRuns.Table> tables) {
    if (tables.isEmpty()) {
      return "";
    }
    StringBuilder sb = new StringBuilder("\n" + STAND_INS_HEADING + "\n\n");
    sb.append("""
        Inputs of the bundled scenarios that no publication gives, each with values it could
        plausibly take (the bundled one among them): the reproduction is run again under each,
        and the rows the input concerns are shown with their verdicts, so that a reader sees
        how far a row hangs on a guess. No value is chosen because its rows pass.
        """);
    for (StandInRuns.Table t : tables) {
      StandIn s = t.standIn();
      String what = s.what().substring(0, 1).toUpperCase(Locale.ROOT) + s.what().substring(1);
      // A path is code; a few words naming what a choice of several paths varies are not.
      String varies = s.path().contains(" ") ? s.path() : "`" + s.path() + "`";
      sb.append(String.format(Locale.ROOT, "%n### %s: %s in `%s`%n%n%s.%n%n", t.reproduction(), varies,
          s.scenario(), what));
      List<Row> first = t.rows().get(0);
      StringBuilder head = new StringBuilder("| value |");
      StringBuilder rule = new StringBuilder("|---|");
      for (Row r : first) {
        if (s.concerns(r)) {
          head.append(' ').append(r.figure()).append(" |");
          rule.append("---|");
        }
      }
      sb.append(head).append('\n').append(rule).append('\n');
      for (int v = 0; v < s.choices().size(); v++) {
        sb.append("| ").append(s.choices().get(v).label()).append(" |");
        for (Row r : t.rows().get(v)) {
          if (s.concerns(r)) {
            sb.append(' ').append(r.simulatedText()).append(", ").append(r.verdict()).append(" |");
          }
        }
        sb.append('\n');
      }
    }
    return sb.toString();
  }

  /** The page: {@link #head} and the sensitivity of each parameter. */
  public static String markdown(List<Result> results, Path scenarios, List<Sensitivity> sensitivity) {
    StringBuilder sb = new StringBuilder(head(results, scenarios));
    sb.append(SENSITIVITY_HEADING).append("\n\n");
    sb.append(String.format(Locale.ROOT, """
        Each table reruns the reproduction with the parameter at %.0f%% below and above its
        value and gives each row's simulated figure (the figure itself, not its error
        against the published one) and how far it moves, relative to the figure's own size
        or, when that is smaller, to half the width of the row's band (a change near zero,
        judged by a band around zero, is measured against the band). A row that moves by
        more than %.0f%% (%.0fx the parameter's change) is flagged `knee`. Rows that do not
        move are left out.
        """, 100 * Sensitivity.STEP, 100 * Sensitivity.KNEE * Sensitivity.STEP, Sensitivity.KNEE));
    for (Sensitivity s : sensitivity) {
      sb.append(String.format(Locale.ROOT, "%n%s%n%n", title(s.reproduction(), s.parameter())));
      sb.append(String.format(Locale.ROOT, "%s, value %s.%n%n", s.parameter().what(), s.value()));
      if (s.moves().stream().noneMatch(Sensitivity.Move::moves)) {
        sb.append("No row moves at -10% or at +10%: the value sits on a plateau of its rows.\n");
        continue;
      }
      sb.append("| row | kind | simulated | at -10% | at +10% | |\n|---|---|---|---|---|---|\n");
      for (Sensitivity.Move m : s.moves()) {
        if (!m.moves()) {
          continue;
        }
        sb.append(String.format(Locale.ROOT, "| %s | %s | %s | %s (%s) | %s (%s) | %s |%n", m.row().figure(),
            m.row().kind().label(), num(m.row().measure()), num(m.down()), pct(m.relDown()), num(m.up()),
            pct(m.relUp()), m.knee() ? "**knee**" : ""));
      }
      kneeNotes(sb, s);
    }
    return sb.toString();
  }

  /** Beneath a sensitivity table: why each row it flags moves that far, from its reproduction. */
  private static void kneeNotes(StringBuilder sb, Sensitivity s) {
    Map<String, String> notes = Reproduction.all().stream()
        .filter(r -> r.id().equals(s.reproduction())).findFirst()
        .map(Reproduction::kneeNotes).orElse(Map.of());
    for (Sensitivity.Move m : s.moves()) {
      if (m.moves() && m.knee()) {
        String figure = m.row().figure();
        sb.append(String.format(Locale.ROOT, "%n%s `%s`: %s%n", KNEE_NOTE, figure,
            notes.getOrDefault(figure, "not explained yet.")));
      }
    }
  }

  /** The page up to the sensitivity section: what it is, and the fitted parameters. */
  public static String head(List<Result> results, Path scenarios) {
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT, """
        # Calibration

        The figures of the bundled scenarios that were fitted to a published figure, and how
        far the validation rows move when each moves by %.0f%%. A row a parameter was fitted
        to shows that the fit worked and predicts nothing; docs/validation.md marks it `fit`
        and counts only `prediction` rows in its headline.

        This page is written by `./locksim validate --write docs/validation.md`, beside
        docs/validation.md. A test checks that the list below matches the scenarios and the
        rows marked `fit`. The sensitivity figures are not checked by the tests, which would
        have to rerun every fitted reproduction twice: they are computed by `validate --write`
        (and `validate --sensitivity`), so after a change to the model they are current once
        that command has run.

        ## Fitted parameters

        | reproduction | scenario | parameter | value | what it is | fitted to | published |
        |---|---|---|---|---|---|---|
        """, 100 * Sensitivity.STEP));
    for (Result r : results) {
      for (Row row : r.rows()) {
        if (row.kind() != Row.Kind.FIT) {
          continue;
        }
        FittedParameter p = row.fitted();
        sb.append(String.format(Locale.ROOT, "| %s | `%s` | `%s` | %s | %s | %s | %s |%n", r.reproduction().id(),
            p.scenario(), p.parameter(), ParameterValues.text(ParameterValues.read(scenarios, p)), p.what(),
            row.figure(), row.published()));
      }
    }
    sb.append('\n');
    return sb.toString();
  }

  /** How a knee's explanation begins on the page. */
  static final String KNEE_NOTE = "Knee,";

  static String title(String reproduction, FittedParameter p) {
    return String.format(Locale.ROOT, "### %s: `%s` in `%s`", reproduction, p.parameter(), p.scenario());
  }

  private static String num(double v) {
    return String.format(Locale.ROOT, "%.5g", v);
  }

  private static String pct(double rel) {
    if (Double.isInfinite(rel)) {
      return "from 0";
    }
    return String.format(Locale.ROOT, "%+.1f%%", 100 * rel);
  }
}
