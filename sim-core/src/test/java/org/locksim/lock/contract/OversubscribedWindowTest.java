package org.locksim.lock.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.locksim.lock.LockRegistry;

/**
 * Why: with two tasks per CPU the scheduler, not the lock, decides when a CPU's second task
 * first runs (CFS's start debit puts it a slice behind the first), so the contract's window
 * must span several slices on every machine size, and the shrinker must not report a run
 * shorter than that window as a progress failure: on 2 CPUs a 30 ms window left one of
 * {@code mutex.osq}'s four tasks without the lock under seeds 3, 10, 11 and 21, and the
 * shrinker then reported a 0.1 ms run on one CPU, in which the second task never ran at all.
 */
class OversubscribedWindowTest {
  private static final LockRegistry.Entry OSQ = LockRegistry.standard().find("mutex.osq").orElseThrow();

  @Test
  void everyTaskOfTwoPerCpuOnTwoCpusGetsTheLockUnderTheSeedsThatOnceStarvedOne() {
    for (long seed : new long[] {3, 10, 11, 21}) {
      Check c = twoPerCpu(2, seed);
      List<Failure> failures = LockContract.run(c);
      assertTrue(failures.isEmpty(), "seed " + seed + ": " + failures);
    }
  }

  @Test
  void aProgressFailureWithTwoTasksPerCpuIsNotShrunkBelowTheWindow() {
    Check c = twoPerCpu(16, ContractSetup.SEED);
    List<ContractSetup> candidates = Shrink.candidates(c, Property.PROGRESS);
    assertFalse(candidates.isEmpty());
    for (ContractSetup s : candidates) {
      if (s.tasks() > s.cpus()) {
        assertEquals(LockContract.oversubscribedRunPs(s.cpus()), s.runPs(), s.toString());
      }
    }
    // A race needs no such window: mutual exclusion still shrinks to short runs.
    assertTrue(Shrink.candidates(c, Property.MUTUAL_EXCLUSION).stream()
        .anyMatch(s -> s.tasks() > s.cpus() && s.runPs() < ContractRig.MS));
  }

  /** The check of the lock's defaults (the checks list them first). */
  private static Check twoPerCpu(int cpus, long seed) {
    return LockContract.checks(OSQ, seed).stream()
        .filter(k -> k.workload() == Check.Workload.TWO_TASKS_PER_CPU && k.setup().cpus() == cpus)
        .findFirst().orElseThrow();
  }
}
