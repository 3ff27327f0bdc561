package org.locksim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * Why: long commands must say how far they are on standard error, in plain lines when it is
 * not a terminal, and never change what they print on standard output; {@code -q} silences
 * them. The lines' interval is set to zero here, so every step prints one; the setting is a
 * system property every command reads, so this class runs alone.
 */
@Isolated
class ProgressTest {
  static final String V1 = MainTest.V1;
  static final String V2 = Path.of("..", "scenarios", "v2-linux-adaptive-spin.json").toString();

  @BeforeEach
  void everyStep() {
    System.setProperty("locksim.progress.seconds", "0");
  }

  @AfterEach
  void asUsual() {
    System.clearProperty("locksim.progress.seconds");
  }

  @Test
  void runSaysHowManyRunsOfEveryVariantAreDone() {
    MainTest.Outcome o = MainTest.run("run", V1, "--repeat", "2");
    MainTest.Outcome quiet = MainTest.run("run", V1, "--repeat", "2", "-q");
    assertEquals(0, o.status(), o.err());
    assertTrue(o.err().contains("locksim: run: 1 of 16 runs done (6%), about "), o.err());
    assertTrue(o.err().contains("locksim: run: 15 of 16 runs done"), o.err());
    assertEquals(o.out(), quiet.out(), "standard output is the same with or without progress");
    assertEquals("", quiet.err());
  }

  @Test
  void sweepAndCompareCountRuns() {
    MainTest.Outcome o = MainTest.run("sweep", V2, "--set", "run.durationMs=2", "--set",
        "run.warmupMs=0", "--vary", "workload.tasks=16,48", "--jobs", "1");
    assertTrue(o.err().contains("locksim: sweep: 3 of 4 runs done (75%)"), o.err());
    MainTest.Outcome quiet = MainTest.run("sweep", V2, "--set", "run.durationMs=2", "--set",
        "run.warmupMs=0", "--vary", "workload.tasks=16,48", "--jobs", "1", "--quiet");
    assertEquals(o.out(), quiet.out());
    assertEquals("", quiet.err());
    o = MainTest.run("compare", V2, "--set", "run.durationMs=2", "--set", "run.warmupMs=0",
        "--repeat", "2");
    assertTrue(o.err().contains("locksim: compare: 3 of 4 runs done (75%)"), o.err());
  }

  @Test
  void exportCountsTheTracesBlocks(@TempDir Path dir) {
    Path trace = dir.resolve("t.lst");
    MainTest.Outcome o = MainTest.run("run", V2, "--variant", "owner-spin", "--set", "run.durationMs=5",
        "--set", "run.warmupMs=0", "--trace", trace.toString());
    assertEquals(0, o.status(), o.err());
    o = MainTest.run("export", "--format", "csv", trace.toString(), "-o", dir.resolve("t.csv").toString());
    assertEquals(0, o.status(), o.err());
    // The trace's block count follows the run; every block is counted, the first of several.
    assertTrue(o.err().matches("(?s).*locksim: export: 1 of [2-9] blocks done \\(\\d+%\\).*"), o.err());
  }

  @Test
  void validateCountsReproductions() {
    MainTest.Outcome o = MainTest.run("validate", "--scenarios", Path.of("..", "scenarios").toString(),
        "--only", "V1,V7", "--jobs", "1");
    assertTrue(o.err().contains("locksim: validate: 1 of 2 reproductions done (50%)"), o.err());
  }
}
