package org.locksim.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Why: row V5 of VALIDATION.md (seed 003, Linux 2013), on its revised band. With the asm-goto
 * mutex fast path the same build on 8 CPUs must change its cycles and instructions by no more
 * than the published 95% interval of the difference allows, its elapsed time must move by less
 * than the spread of the model's own repeats, and the build must keep 7.8 to 8 CPUs busy over
 * the whole run, tail included, and switch context within 30% of 600,000 times per 120 s build.
 * The saving per mutex operation must be what the patch removes from {@code mutex_lock} and
 * {@code mutex_unlock}, not a term of its own.
 * Each test checks one row of {@link V5AsmGoto}, so a figure that leaves its band fails its own
 * test.
 */
class V5AsmGotoTest {
  static List<Row> rows;

  @BeforeAll
  static void run() {
    rows = new V5AsmGoto().run(SharedRuns.SOURCE);
    assertEquals(5, rows.size());
  }

  static void assertPasses(int i) {
    Row r = rows.get(i);
    assertTrue(r.pass(), r.figure() + ": " + r.simulatedText() + ", band " + r.band()
        + " (published " + r.published() + ")");
  }

  @Test
  void bothVariantsRunTheSameWork() {
    V5AsmGoto.Runs r = V5AsmGoto.runs(SharedRuns.SOURCE);
    for (int k = 0; k < V5AsmGoto.RUNS; k++) {
      assertEquals(r.asmCall().results().get(k).pageFaults(), r.asmGoto().results().get(k).pageFaults());
      assertEquals(r.asmCall().results().get(k).ops(), r.asmGoto().results().get(k).ops());
    }
    assertTrue(r.asmCall().mean(x -> x.instructions()) > r.asmGoto().mean(x -> x.instructions()),
        "asm-goto moves the register work of mutex_lock and mutex_unlock off the fast path, so it must retire fewer instructions");
  }

  @Test
  void asmGotoSavesWhatThePatchRemovesPerFastPathOperation() {
    V5AsmGoto.Runs r = V5AsmGoto.runs(SharedRuns.SOURCE);
    double saved = (r.asmCall().mean(x -> x.instructions()) - r.asmGoto().mean(x -> x.instructions()))
        / r.asmCall().fastPathOps();
    // mutex_lock's 4 and mutex_unlock's 3 instructions (LinuxMutex's frames), 3.5 per
    // operation; the two variants' builds are timed a little differently, so their slow
    // paths (and what asm goto still runs there) differ by a few operations.
    assertEquals(3.5, saved, 0.05, "instructions saved per fast-path operation");
  }

  @Test
  void cyclesChangeInsideThePublishedInterval() {
    assertPasses(0);
  }

  @Test
  void instructionsChangeInsideThePublishedInterval() {
    assertPasses(1);
  }

  @Test
  void theContextSwitchesAreAFitAndTheCpusUtilizedAnInput() {
    assertEquals(Row.Kind.FIT, rows.get(4).kind());
    assertEquals(V5AsmGoto.SLEEPS, rows.get(4).fitted());
    assertEquals(Row.Kind.INPUT, rows.get(3).kind());
  }

  @Test
  void elapsedChangesLessThanTheSpread() {
    assertPasses(2);
  }

  @Test
  void eightCpusAreBusy() {
    assertPasses(3);
  }

  @Test
  void contextSwitchesAreThoseOfThePost() {
    assertPasses(4);
  }
}
