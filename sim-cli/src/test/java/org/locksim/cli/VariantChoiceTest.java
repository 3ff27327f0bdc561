package org.locksim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.locksim.cli.MainTest.Outcome;

/**
 * Why: {@code --variant} picks the variants that run, and only those are loaded: an override
 * that suits them (a parameter of the lock one variant chooses) must not be refused because
 * another variant, which will not run, cannot take it. A name the file lacks is still reported
 * against all its variants, and the override is still checked on the variants that run.
 */
class VariantChoiceTest {
  /** Variant "plain" keeps the blocking mutex; "backoff" runs spin.tas-backoff, whose baseNs the
   * blocking mutex does not have. */
  private static Path scenario(Path dir) throws IOException {
    Path f = dir.resolve("two.json");
    Files.writeString(f, MainTest.tinyScenario("two", "",
        ", \"variants\": [{\"name\": \"plain\"},"
            + " {\"name\": \"backoff\", \"set\": {\"locks[0].algorithm\": \"spin.tas-backoff\"}}]"));
    return f;
  }

  private static final String SET = "locks[0].params.baseNs=100";

  @Test
  void anOverrideForTheChosenVariantIsNotRefusedForAnother(@TempDir Path dir) throws IOException {
    String f = scenario(dir).toString();
    Outcome run = MainTest.run("run", f, "-q", "--variant", "backoff", "--set", SET);
    assertEquals(0, run.status(), run.err());
    assertTrue(run.out().contains("'two/backoff'"), run.out());
    Outcome sweep = MainTest.run("sweep", f, "-q", "--variant", "backoff", "--set", SET,
        "--vary", "locks[0].params.capNs=1000,2000", "--figure", "cyclesPerOp");
    assertEquals(0, sweep.status(), sweep.err());
    Outcome compare = MainTest.run("compare", f, "-q", "--variant", "backoff", "--variant", "backoff",
        "--set", SET, "--repeat", "2", "--figure", "cyclesPerOp");
    assertEquals(0, compare.status(), compare.err());
    assertTrue(compare.out().contains("x two/backoff"), compare.out());
  }

  @Test
  void theChosenVariantsAreStillCheckedAndAnUnknownNameIsReportedAgainstAll(@TempDir Path dir)
      throws IOException {
    String f = scenario(dir).toString();
    Outcome bad = MainTest.run("run", f, "-q", "--variant", "plain", "--set", SET);
    assertEquals(2, bad.status(), bad.err());
    assertTrue(bad.err().contains("baseNs"), bad.err());
    Outcome unknown = MainTest.run("run", f, "-q", "--variant", "backof");
    assertEquals(2, unknown.status(), unknown.err());
    assertTrue(unknown.err().contains("expected one of plain, backoff")
        && unknown.err().contains("did you mean \"backoff\""), unknown.err());
    Outcome sweep = MainTest.run("sweep", f, "-q", "--variant", "backof", "--vary",
        "run.seed=1,2", "--figure", "cyclesPerOp");
    assertEquals(2, sweep.status(), sweep.err());
    assertTrue(sweep.err().contains("did you mean \"backoff\""), sweep.err());
    Outcome compare = MainTest.run("compare", f, "-q", "--variant", "plain", "--variant", "backof",
        "--repeat", "2", "--figure", "cyclesPerOp");
    assertEquals(2, compare.status(), compare.err());
    assertTrue(compare.err().contains("did you mean \"backoff\""), compare.err());
  }
}
