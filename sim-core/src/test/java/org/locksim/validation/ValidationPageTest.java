package org.locksim.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.locksim.validation.ValidationReport.Result;

/**
 * Why: docs/validation.md must be what {@code locksim validate} says today, not a page written
 * by hand once; the README must quote today's headline (predictions in band); docs/calibration.md
 * must list exactly the parameters the rows marked {@code fit} name, with the values the
 * scenarios hold; and the reproductions that pass (V1, V2) must keep passing. The calibration
 * page's sensitivity figures need minutes of reruns and are not recomputed here; only the
 * parameters they are given for are checked. Regenerate with
 * {@code ./locksim validate --write docs/validation.md} (or {@code -Dlocksim.golden.update=true},
 * which rewrites docs/validation.md and the list of docs/calibration.md but keeps its
 * sensitivity section).
 */
class ValidationPageTest {
  static final Path SCENARIOS = Path.of("..", "scenarios");
  static List<Result> results;

  @BeforeAll
  static void run() {
    results = new ArrayList<>();
    for (Reproduction r : Reproduction.all()) {
      results.add(Result.of(r, SharedRuns.SOURCE));
    }
  }

  @Test
  void theValidationPageIsCurrentAndV1Passes() throws IOException {
    Path page = Path.of("..", "docs", "validation.md");
    String expected = ValidationReport.markdown(results);
    if (Boolean.getBoolean("locksim.golden.update")) {
      Files.writeString(page, expected, StandardCharsets.UTF_8);
    }
    assertEquals(expected, Files.readString(page, StandardCharsets.UTF_8));
    for (Result r : results) {
      // V1's rows are the catalog's own cost tables at work; V2's task-clock row fails, as its
      // notes explain, so only V1 must pass whole.
      if (r.reproduction().id().equals("V1")) {
        assertTrue(r.pass(), r.reproduction().id() + " left its band:\n" + ValidationReport.text(List.of(r)));
      }
    }
  }

  @Test
  void theTerminalTableShowsV6sFindingsAfterItsRowsAsThePageDoes() {
    String text = ValidationReport.text(results);
    int rows = text.indexOf("CNA, 72 and 142 vs 36 threads");
    int findings = text.indexOf("Time per acquisition (ns)");
    int headline = text.indexOf(ValidationReport.headline(results));
    assertTrue(rows >= 0 && rows < findings && findings < headline,
        "V6's time per acquisition must follow its rows, before the headline:\n" + text);
    String page = ValidationReport.markdown(results);
    assertTrue(page.indexOf("Time per acquisition (ns)") > page.indexOf("## V6."),
        "the page shows it in V6's section");
  }

  /** Why: a figure name longer than its column pushed the rest of its line out of line. */
  @Test
  void theTerminalTablesKeepEveryColumnInLine() {
    for (Result r : results) {
      String[] lines = ValidationReport.text(List.of(r)).split("\\R");
      int header = -1;
      for (String line : lines) {
        if (line.startsWith("  figure ")) {
          header = line.indexOf("verdict");
        } else if (header >= 0 && (line.contains(" pass ") || line.contains(" FAIL "))
            && !line.startsWith("  |")) {
          String verdict = line.substring(header, Math.min(line.length(), header + 4));
          assertTrue(verdict.equals("pass") || verdict.equals("FAIL"),
              r.reproduction().id() + ": the verdict is not under its heading in\n" + line);
        }
      }
      assertTrue(header > 0, r.reproduction().id() + " has no table heading");
    }
  }

  @Test
  void theReadmeQuotesTodaysHeadline() throws IOException {
    String readme = Files.readString(Path.of("..", "README.md"), StandardCharsets.UTF_8);
    String headline = ValidationReport.headline(results);
    assertTrue(readme.replaceAll("\\s+", " ").contains(headline),
        "README.md's \"What it reproduces\" must say: " + headline);
  }

  @Test
  void theCalibrationPageListsTheFitsOfTheRowsWithTheScenariosValues() throws IOException {
    Path page = Path.of("..", "docs", "calibration.md");
    String head = CalibrationPage.head(results, SCENARIOS);
    String text = Files.readString(page, StandardCharsets.UTF_8);
    int cut = text.indexOf(CalibrationPage.SENSITIVITY_HEADING);
    assertTrue(cut >= 0, page + " has no sensitivity section; run ./locksim validate --write docs/validation.md");
    if (Boolean.getBoolean("locksim.golden.update")) {
      text = head + text.substring(cut);
      Files.writeString(page, text, StandardCharsets.UTF_8);
      cut = head.length();
    }
    assertEquals(head, text.substring(0, cut),
        "docs/calibration.md's list of fitted parameters is stale; run ./locksim validate --write docs/validation.md");
    for (Result r : results) {
      assertEquals(Set.copyOf(r.reproduction().fits()), Set.copyOf(SensitivityRuns.fits(r)),
          r.reproduction().id() + ": the fits it declares must be those its fit rows name");
    }
    Set<String> named = new LinkedHashSet<>();
    results.forEach(r -> SensitivityRuns.fits(r).forEach(p -> named.add(r.reproduction().id() + " "
        + p.scenario() + " " + p.parameter())));
    assertEquals(named, listed(text.substring(0, cut)),
        "a parameter marked fitted in docs/calibration.md must be named by a fit row, and the other way round");
    String rest = text.substring(cut);
    int standIns = rest.indexOf(CalibrationPage.STAND_INS_HEADING);
    assertEquals(named, sensitivityTitles(standIns < 0 ? rest : rest.substring(0, standIns)),
        "docs/calibration.md's sensitivity section is for other parameters than the fit rows name;"
            + " run ./locksim validate --write docs/validation.md");
    Set<String> declared = new LinkedHashSet<>();
    results.forEach(r -> r.reproduction().standIns().forEach(x -> declared.add(r.reproduction().id() + " "
        + x.scenario() + " " + x.path())));
    assertEquals(declared, standIns < 0 ? Set.of() : sensitivityTitles(rest.substring(standIns)),
        "docs/calibration.md's stand-ins section is for other inputs than the reproductions declare;"
            + " run ./locksim validate --write docs/validation.md");
  }

  /** {@code V3 v3-freebsd-test-before-cas.json workload.lookup.meanNs} for each row of the page's table. */
  static Set<String> listed(String head) {
    Set<String> out = new LinkedHashSet<>();
    Matcher m = Pattern.compile("(?m)^\\| (V\\d+) \\| `([^`]+)` \\| `([^`]+)` \\|").matcher(head);
    while (m.find()) {
      out.add(m.group(1) + " " + m.group(2) + " " + m.group(3));
    }
    return out;
  }

  static Set<String> sensitivityTitles(String section) {
    Set<String> out = new LinkedHashSet<>();
    // A path in backticks, or a few words naming what a stand-in of several paths varies.
    Matcher m = Pattern.compile("(?m)^### (V\\d+): (?:`([^`]+)`|([^`]+)) in `([^`]+)`$").matcher(section);
    while (m.find()) {
      out.add(m.group(1) + " " + m.group(4) + " " + (m.group(2) != null ? m.group(2) : m.group(3)));
    }
    return out;
  }
}
