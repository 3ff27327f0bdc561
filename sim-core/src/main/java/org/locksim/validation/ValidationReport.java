package org.locksim.validation;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

/**
 * The validation table as terminal text and as docs/validation.md. Its headline counts the
 * predictions in band; fit and input rows are shown apart, with their verdicts, because they
 * hold by fit or by construction.
 */
public final class ValidationReport {
  /**
   * One reproduction's results.
   *
   * @param reproduction which
   * @param rows its rows
   * @param findings markdown computed from its runs ({@link Reproduction#findings}), or empty
   */
  public record Result(Reproduction reproduction, List<Row> rows, String findings) {
    /** A result without findings. */
    public Result(Reproduction reproduction, List<Row> rows) {
      this(reproduction, rows, "");
    }

    /** Runs {@code r}'s rows and findings from one {@code source}, which may share the runs. */
    public static Result of(Reproduction r, ScenarioSource source) {
      return new Result(r, r.run(source), r.findings(source));
    }

    public boolean pass() {
      return rows.stream().allMatch(Row::pass);
    }
  }

  private static final Predicate<Row> PREDICTION = r -> r.kind() == Row.Kind.PREDICTION;

  private ValidationReport() { }

  /** {@code predictions: 9 of 17 in band; fit and input rows: 18 of 19}. */
  public static String headline(List<Result> results) {
    // Skipped rows (a model the catalog lacks) check nothing and are not counted.
    List<Row> rows = results.stream().flatMap(r -> r.rows().stream()).filter(r -> !r.skipped()).toList();
    long n = rows.stream().filter(PREDICTION).count();
    long k = rows.stream().filter(PREDICTION).filter(Row::pass).count();
    long m = rows.size() - n;
    long j = rows.stream().filter(PREDICTION.negate()).filter(Row::pass).count();
    return String.format(Locale.ROOT, "predictions: %d of %d in band; fit and input rows: %d of %d", k, n, j, m);
  }

  /** The terminal's table of each reproduction, its columns as wide as their widest cell. */
  public static String text(List<Result> results) {
    StringBuilder sb = new StringBuilder();
    for (Result r : results) {
      sb.append(String.format(Locale.ROOT, "%n%s  %s%n", r.reproduction().id(), r.reproduction().title()));
      List<String[]> lines = new ArrayList<>();
      lines.add(new String[] {"figure", "published", "simulated", "band", "verdict", "kind"});
      for (Row row : r.rows()) {
        lines.add(new String[] {row.figure(), row.published(), row.simulatedText(), row.band(),
            row.verdict(), row.kindText()});
      }
      int[] width = new int[5];
      for (String[] cells : lines) {
        for (int c = 0; c < width.length; c++) {
          width[c] = Math.max(width[c], cells[c].length());
        }
      }
      for (String[] cells : lines) {
        sb.append("  ");
        for (int c = 0; c < width.length; c++) {
          sb.append(cells[c]).append(" ".repeat(width[c] - cells[c].length() + 2));
        }
        sb.append(cells[width.length]).append(System.lineSeparator());
      }
      if (!r.findings().isBlank()) {
        sb.append('\n').append(r.findings().strip().indent(2));
      }
    }
    sb.append(String.format(Locale.ROOT, "%n%s%n", headline(results)));
    return sb.toString();
  }

  public static String markdown(List<Result> results) {
    StringBuilder sb = new StringBuilder();
    sb.append("""
        # Validation

        Published figures locksim reproduces, from the bundled scenarios, with the tolerance
        bands of the project's validation plan. This page is written by `./locksim validate
        --write docs/validation.md`, from the same rows the command prints; a test checks that
        it is current.

        Every row says what it shows. A `prediction` is what the model gives from its inputs
        and fits. A `fit` row is one a parameter of the scenario was set to hit (the
        parameter is named; docs/calibration.md gives its value and how far the rows move
        with it), and an `input` row holds by construction (the scenario sets its figure, or
        the project added the row); both are shown apart, with their verdicts, and neither
        counts as a prediction.

        The rows are those of the bundled seeds. Where a reproduction's runs draw (job
        lengths, delays, wake-up orders), `./locksim validate --seeds N` reruns it with its
        seeds shifted by 1,000, 2,000 and so on (N sets in all, none sharing a seed) and prints,
        per row, how many of the N are in band and the
        figure's mean, 95% interval and range, so a verdict that is one seed's luck shows as
        such.

        """);
    sb.append("**").append(capitalized(headline(results))).append(".**\n\n");
    sb.append("| reproduction | predictions in band | fit and input rows in band |\n|---|---|---|\n");
    for (Result r : results) {
      sb.append(String.format(Locale.ROOT, "| %s | %s | %s |%n", r.reproduction().id(),
          count(r.rows(), PREDICTION), count(r.rows(), PREDICTION.negate())));
    }
    for (Result r : results) {
      sb.append(String.format(Locale.ROOT, "%n## %s. %s%n%n", r.reproduction().id(), r.reproduction().title()));
      if (r.reproduction().scenario().isEmpty()) {
        sb.append("No scenario file: `locksim c2c MODEL` runs it.\n\n");
      } else {
        sb.append("Scenario: `scenarios/").append(r.reproduction().scenario().replace(", ", "`, `scenarios/")).append("`.\n\n");
      }
      table(sb, r.rows().stream().filter(PREDICTION).toList(), "Predictions");
      table(sb, r.rows().stream().filter(PREDICTION.negate()).toList(), "Fit and input rows");
      sb.append(unwrap(r.reproduction().notes()));
      if (!r.findings().isBlank()) {
        sb.append('\n').append(r.findings().strip()).append('\n');
      }
    }
    return sb.toString();
  }

  private static void table(StringBuilder sb, List<Row> rows, String title) {
    if (rows.isEmpty()) {
      return;
    }
    sb.append(title).append(":\n\n");
    sb.append("| figure | published | simulated | band | verdict | kind |\n|---|---|---|---|---|---|\n");
    for (Row row : rows) {
      String kind = row.kind() == Row.Kind.FIT ? "fit: `" + row.fitted().parameter() + "`" : row.kind().label();
      sb.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s |%n", row.figure(), row.published(),
          row.simulatedText(), row.band(), row.verdict(), kind));
    }
    sb.append('\n');
  }

  private static String count(List<Row> rows, Predicate<Row> which) {
    long n = rows.stream().filter(which).count();
    return n == 0 ? "none" : rows.stream().filter(which).filter(Row::pass).count() + " of " + n;
  }

  private static String capitalized(String s) {
    return Character.toUpperCase(s.charAt(0)) + s.substring(1);
  }

  /** Text blocks are wrapped for the source; keep their paragraphs, re-wrap nothing. */
  private static String unwrap(String notes) {
    return notes.strip() + "\n";
  }
}
