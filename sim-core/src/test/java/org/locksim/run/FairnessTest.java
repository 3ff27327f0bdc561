package org.locksim.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.locksim.metrics.LockStats;

/**
 * Why: sweeps and comparisons report how evenly tasks got a lock with the measures lock papers
 * use; the formulas must give their defined values at the ends (all equal, one task takes all)
 * and on a hand-computed case, and nothing for a run that counts no tasks.
 */
class FairnessTest {
  private static List<TaskCounts> of(long... counts) {
    return List.of(new TaskCounts("Acquisitions", counts, 0));
  }

  @Test
  void equalCountsAreFairAndOneTaskTakingAllIsNot() {
    assertEquals(1.0, Fairness.jain(of(5, 5, 5, 5)), 1e-12);
    assertEquals(0.5, Fairness.topHalfShare(of(5, 5, 5, 5)), 1e-12);
    assertEquals(0.25, Fairness.jain(of(20, 0, 0, 0)), 1e-12);
    assertEquals(1.0, Fairness.topHalfShare(of(20, 0, 0, 0)), 1e-12);
  }

  @Test
  void handComputedCasesAcrossGroups() {
    // 1, 2, 3, 4: Jain 100 / (4 * 30); the top half 3 + 4 of 10.
    List<TaskCounts> two = List.of(new TaskCounts("Writes", new long[] {4, 1}, 0),
        new TaskCounts("Reads", new long[] {2, 3}, 0));
    assertEquals(100.0 / 120, Fairness.jain(two), 1e-12);
    assertEquals(0.7, Fairness.topHalfShare(two), 1e-12);
    // Three tasks, 1, 2, 6: the top half is 6 and half of the middle 2, of 9.
    assertEquals(7.0 / 9, Fairness.topHalfShare(of(2, 6, 1)), 1e-12);
  }

  @Test
  void theSameSocketAndSameCoreSharesCountTheHandOffsOfAllLocks() {
    LockStats a = new LockStats("a", "spin.ticket");
    LockStats b = new LockStats("b", "queued.mcs");
    assertTrue(Double.isNaN(Fairness.sameSocketShare(List.of(a, b))));
    assertTrue(Double.isNaN(Fairness.sameCoreShare(List.of(a, b))));
    a.handOff(true, true);
    a.handOff(false, false);
    b.handOff(true, false);
    b.handOff(true, false);
    assertEquals(0.75, Fairness.sameSocketShare(List.of(a, b)), 1e-12);
    assertEquals(0.25, Fairness.sameCoreShare(List.of(a, b)), 1e-12);
  }

  @Test
  void theReadShareCountsTheReadHoldsOfAllLocks() {
    LockStats rw = new LockStats("rw", "rw.rwsem");
    LockStats plain = new LockStats("m", "queued.mcs");
    assertTrue(Double.isNaN(Fairness.readShare(List.of(rw, plain))));
    plain.released(1_000);
    assertEquals(0.0, Fairness.readShare(List.of(rw, plain)), 1e-12);
    rw.released(1_000, true);
    rw.released(1_000, true);
    rw.released(1_000, true);
    rw.released(1_000, false);
    // three read holds of five
    assertEquals(0.6, Fairness.readShare(List.of(rw, plain)), 1e-12);
  }

  @Test
  void aRunWithoutCountedAcquisitionsHasNoFigure() {
    assertTrue(Double.isNaN(Fairness.jain(List.of())));
    assertTrue(Double.isNaN(Fairness.topHalfShare(List.of())));
    assertTrue(Double.isNaN(Fairness.jain(of(0, 0))));
  }
}
