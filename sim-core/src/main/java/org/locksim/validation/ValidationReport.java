package org.locksim.validation;

import java.util.List;
import java.util.Locale;

/** The validation table as terminal text and as docs/validation.md. */
public final class ValidationReport {
  /**
   * One reproduction's results.
   *
   * @param reproduction which
   * @param rows its rows
   */
  public record Result(Reproduction reproduction, List<Row> rows) {
    public boolean pass() {
      return rows.stream().allMatch(Row::pass);
    }
  }

  private ValidationReport() { }

  public static String text(List<Result> results) {
    StringBuilder sb = new StringBuilder();
    for (Result r : results) {
      sb.append(String.format(Locale.ROOT, "%n%s  %s%n", r.reproduction().id(), r.reproduction().title()));
      sb.append(String.format(Locale.ROOT, "  %-44s %-30s %-34s %-20s %s%n", "figure", "published", "simulated", "band", "verdict"));
      for (Row row : r.rows()) {
        sb.append(String.format(Locale.ROOT, "  %-44s %-30s %-34s %-20s %s%n", row.figure(), row.published(),
            row.simulatedText(), row.band(), row.verdict()));
      }
    }
    long failed = results.stream().flatMap(r -> r.rows().stream()).filter(x -> !x.pass()).count();
    long skipped = results.stream().flatMap(r -> r.rows().stream()).filter(Row::skipped).count();
    long total = results.stream().mapToLong(r -> r.rows().size()).sum() - skipped;
    sb.append(String.format(Locale.ROOT, "%n%d rows: %d pass, %d fail%s%n", total, total - failed,
        failed, skipped == 0 ? "" : String.format(Locale.ROOT, " (%d skipped)", skipped)));
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
        """);
    for (Result r : results) {
      sb.append(String.format(Locale.ROOT, "%n## %s. %s%n%n", r.reproduction().id(), r.reproduction().title()));
      if (r.reproduction().scenario().isEmpty()) {
        sb.append("No scenario file: `locksim c2c MODEL` runs it.\n\n");
      } else {
        sb.append("Scenario: `scenarios/").append(r.reproduction().scenario().replace(", ", "`, `scenarios/")).append("`.\n\n");
      }
      sb.append("| figure | published | simulated | band | verdict |\n|---|---|---|---|---|\n");
      for (Row row : r.rows()) {
        sb.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s |%n", row.figure(), row.published(),
            row.simulatedText(), row.band(), row.verdict()));
      }
      sb.append('\n').append(unwrap(r.reproduction().notes()));
    }
    return sb.toString();
  }

  /** Text blocks are wrapped for the source; keep their paragraphs, re-wrap nothing. */
  private static String unwrap(String notes) {
    return notes.strip() + "\n";
  }
}
