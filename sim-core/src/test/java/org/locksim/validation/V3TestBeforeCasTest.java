package org.locksim.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Why: row V3 of VALIDATION.md (seed 002, FreeBSD 2015). With the lookup work fitted to the
 * first row, the patched mutex must stay 30% to 50% faster than vanilla over nine seeds, and
 * vanilla, which falls in and out of its CAS-storm collapse, must differ more from run to run
 * than patched, as the post's runs did. patched2 against patched is left to `locksim validate`:
 * the model puts it 0.6% slower, outside its band (docs/validation.md).
 */
class V3TestBeforeCasTest {
  static double[][] elapsed;

  @BeforeAll
  static void run() {
    elapsed = V3TestBeforeCas.elapsed(SharedRuns.SOURCE);
    assertEquals(3, elapsed.length);
    assertEquals(9, elapsed[0].length, "the post ran each variant 9 times");
  }

  @Test
  void patchedIsThirtyToFiftyPercentFaster() {
    double change = 100 * (V3TestBeforeCas.mean(elapsed[1]) / V3TestBeforeCas.mean(elapsed[0]) - 1);
    assertTrue(change >= -50 && change <= -30, "patched vs vanilla " + change + "% (published -40.1%)");
  }

  @Test
  void vanillaVariesMoreThanPatched() {
    double v = V3TestBeforeCas.spreadPct(elapsed[0]);
    double p = V3TestBeforeCas.spreadPct(elapsed[1]);
    assertTrue(v > p, "spread vanilla " + v + "% vs patched " + p + "% (published 5.0% vs 3.8%)");
  }

  @Test
  void everyRepeatHasItsOwnSeed() {
    for (double[] runs : elapsed) {
      for (int i = 1; i < runs.length; i++) {
        assertTrue(runs[i] != runs[0], "repeat " + i + " equals repeat 0: seeds not advanced");
      }
    }
  }
}
