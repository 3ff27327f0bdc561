package org.locksim.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Why: V6's page turns the letter's totals into a time per acquisition, and the turn rests on
 * locktorture's 100 ms hold: a lone writer spends about half of a long run inside it, so
 * reading the one-thread total as the loop's speed would make every contended hand-off look
 * twice as fast as it was. The time found must satisfy the relation it is solved from, and
 * the hold's share must be what the source's probability gives.
 */
class V6PerAcquisitionTest {
  private static final double NS = 1000;

  @Test
  void aLoneWriterSpendsAboutHalfOfALongRunInTheLongHold() {
    // 200,000 acquisitions of 597 ns between two 100 ms holds: 119 ms of loop per 100 ms held.
    assertEquals(100.0 / (100 + 119.4), V6PerAcquisition.heldShare(1, 597 * NS), 1e-3);
    // At 142 writers of 500 ns the holds come 14.2 s apart: under 1% of the run.
    assertTrue(V6PerAcquisition.heldShare(142, 500 * NS) < 0.01);
  }

  @Test
  void theImpliedTimeSatisfiesTheRatioItIsSolvedFrom() {
    double loop = 597 * NS;
    for (int n : new int[] {8, 36, 142}) {
      double ratio = 2.365;
      double h = V6PerAcquisition.implied(n, ratio, loop);
      double back = ((1 - V6PerAcquisition.heldShare(n, h)) / h)
          / ((1 - V6PerAcquisition.heldShare(1, loop)) / loop);
      assertEquals(ratio, back, 1e-6 * ratio, n + " threads");
    }
    // The letter's stock ratio at 36 threads, 6.374 / 2.695: about 451 ns per acquisition,
    // where reading the one-thread total as the loop alone would give 252 ns.
    assertEquals(451, V6PerAcquisition.implied(36, 6.374 / 2.695, loop) / NS, 2);
  }

  @Test
  void aOneThreadWindowThatDrewTheLongHoldIsSaidToBeUnusable() {
    Map<String, Long> totals = new HashMap<>();
    for (int n : V6CnaLocktorture.THREADS) {
      totals.put("stock-" + n, 45_000L);
      totals.put("cna-" + n, 45_000L);
    }
    // Seed 2's one-thread window: the writer drew the 100 ms hold early and did 1,244 loops.
    totals.put("stock-1", 1_244L);
    String table = V6PerAcquisition.markdown(SharedRuns.SOURCE, totals);
    assertTrue(table.contains("not usable"), table);
    totals.put("stock-1", 34_251L);
    assertFalse(V6PerAcquisition.markdown(SharedRuns.SOURCE, totals).contains("not usable"));
  }
}
