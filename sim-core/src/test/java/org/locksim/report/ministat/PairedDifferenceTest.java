package org.locksim.report.ministat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Why: runs of two variants with the same seed share the seed's draws, and a test over their
 * run-by-run differences proves changes that ministat's pooled test, which counts that spread
 * twice, cannot.
 */
class PairedDifferenceTest {
  @Test
  void meanAndIntervalOfTheDifferences() {
    PairedDifference d = PairedDifference.of(new double[] {10, 20, 30}, new double[] {11, 22, 33}, 95);
    assertEquals(2.0, d.difference(), 1e-12);
    assertEquals(1.0, d.stddev(), 1e-12);
    assertEquals(4.303, d.t(), 1e-12, "ministat's t at 2 degrees of freedom");
    assertEquals(4.303 / Math.sqrt(3), d.halfWidth(), 1e-12);
    assertEquals(10.0, d.percent(), 1e-12);
    assertFalse(d.significant());
  }

  @Test
  void provesAChangeThePooledTestCannotWhenTheRunsShareTheirSpread() {
    double[] before = {100, 200, 300, 400};
    double[] after = {98, 197, 299, 396};
    assertTrue(PairedDifference.of(before, after, 95).significant());
    assertFalse(Ministat.compare("before", before, "after", after, 95).differences().get(0).significant());
    assertEquals("""
        Difference at 95.0% confidence, paired by seed
        \t-2.5 +/- 2.05397
        \t-1% +/- 0.821589%
        \t(Student's t on 4 differences, s = 1.29099)
        """, MinistatFormat.paired(PairedDifference.of(before, after, 95)));
  }

  @Test
  void refusesSamplesOfDifferentSizes() {
    assertThrows(IllegalArgumentException.class,
        () -> PairedDifference.of(new double[] {1, 2, 3}, new double[] {1, 2}, 95));
    assertThrows(IllegalArgumentException.class,
        () -> PairedDifference.of(new double[] {1}, new double[] {1}, 95));
  }
}
