package org.locksim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.locksim.cli.MainTest.Outcome;

/**
 * Why: a verdict near a band's edge can be the luck of one seed; {@code validate --seeds N}
 * reruns each reproduction with its seeds shifted and prints each row over the N, while the
 * table, the verdicts and the exit status stay those of the bundled seeds. V2's runs draw
 * (wake-up order, think times), so its figures move with the offset; the page that
 * {@code --write} writes is the bundled seeds' only.
 */
class ValidateSeedsTest {
  @Test
  void printsEachRowOverTheOffsetsAfterTheBundledTable() {
    Outcome o = MainTest.run("validate", "--only", "V2", "--seeds", "2", "-q", "--jobs", "2");
    assertEquals(ValidateCommand.FAILED, o.status(), "V2's task-clock row fails with the bundled seed: " + o.err());
    String out = o.out();
    int table = out.indexOf("predictions: ");
    int spread = out.indexOf("V2 over 2 seed sets (the bundled seeds, then shifted by 1,000 each): in band, mean +- 95% (t), range\n");
    assertTrue(table >= 0 && spread > table, out);
    assertTrue(out.matches("(?s).*\\n  ops/s ratio +2 of 2  1\\.\\d{3} \\+- [0-9.]+  \\(1\\.\\d{3} to 1\\.\\d{3}\\)\\n.*"), out);
    assertTrue(out.matches("(?s).*\\n  task-clock ratio +0 of 2 .*"), out);
  }

  @Test
  void refusesABadCountAndThePage(@TempDir Path dir) {
    Outcome zero = MainTest.run("validate", "--only", "V1", "--seeds", "0");
    assertEquals(2, zero.status());
    assertTrue(zero.err().contains("--seeds: expected from 1 to 100 seed offsets, got 0"), zero.err());
    Outcome page = MainTest.run("validate", "--seeds", "3", "--write", dir.resolve("v.md").toString());
    assertEquals(2, page.status());
    assertTrue(page.err().contains("the page --write writes is the bundled seeds'"), page.err());
  }
}
