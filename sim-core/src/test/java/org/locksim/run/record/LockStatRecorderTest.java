package org.locksim.run.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.locksim.metrics.LockStats;
import org.locksim.run.RunResult;
import org.locksim.run.Simulator;
import org.locksim.sched.CpuMode;
import org.locksim.scenario.Scenario;
import org.locksim.scenario.ScenarioLoader;

/**
 * Why: lock_stat's extra columns are derived from what the kernel reports, not told by the lock
 * algorithms, so they must agree with the run's own accounts: a spin lock spins and never
 * sleeps, a sleep mutex sleeps, spin time adds up to the CPUs' SPINNING time, bounces never
 * exceed the events they qualify, the lock line's transfers are counted over the window, and
 * every acquisition that waited is a hand-off from the last holder's socket or another, and
 * from its own core exactly when the two threads are SMT siblings.
 */
class LockStatRecorderTest {
  static LockStats lock(RunResult r, String name) {
    return r.locks().stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
  }

  @Test
  void spinLockSpinsAndSleepMutexSleeps() {
    RunResult r = Simulator.run(Recorded.small(), 1);
    LockStats spin = lock(r, "spin_lock");
    LockStats sleep = lock(r, "sleep_mtx");
    assertTrue(spin.contentions() > 100, spin.toString());
    assertEquals(0, spin.slept());
    assertTrue(spin.spun() > spin.contentions() / 2, "spun " + spin.spun() + " of " + spin.contentions());
    assertTrue(spin.spinPs() > 0);
    assertTrue(sleep.slept() > sleep.contentions() / 4, "slept " + sleep.slept() + " of " + sleep.contentions());
  }

  @Test
  void spinTimeOfAllLocksIsTheSpinningTimeOfAllCpus() {
    RunResult r = Simulator.run(Recorded.small(), 3);
    long spin = r.locks().stream().mapToLong(LockStats::spinPs).sum();
    assertEquals(r.counters().total(CpuMode.SPINNING), spin);
  }

  @Test
  void bouncesAndTransfersAreBoundedByWhatTheyCount() {
    RunResult r = Simulator.run(Recorded.small(), 1);
    for (LockStats s : r.locks()) {
      assertTrue(s.acqBounces() > 0 && s.acqBounces() <= s.acquiredCount(), s.name() + " acq-bounces " + s.acqBounces());
      assertTrue(s.conBounces() <= s.contendedCount(), s.name());
      assertTrue(s.spun() + s.slept() >= s.contentions() / 2, s.name());
      // each acquisition on another CPU moves the lock word at least once
      assertTrue(s.lineTransfers() >= s.acqBounces(), s.name() + " transfers " + s.lineTransfers());
    }
  }

  @Test
  void everyWaitedAcquisitionIsAHandOffWithinOrAcrossSockets() {
    RunResult r = Simulator.run(Recorded.small(), 1);
    for (LockStats s : r.locks()) {
      long handOffs = s.handOffsSameSocket() + s.handOffsOtherSocket();
      // Two sockets of four: waiters come from both.
      assertTrue(s.handOffsSameSocket() > 0 && s.handOffsOtherSocket() > 0, s.name());
      assertTrue(handOffs >= s.contentions() && handOffs <= s.acquiredCount(),
          s.name() + ": " + handOffs + " hand-offs, " + s.contentions() + " contentions");
    }
  }

  /**
   * Two threads pinned to CPUs {@code a} and {@code b} of the two-socket Broadwell-EP, taking a
   * ticket lock in turn (1 us under it and almost nothing outside, so that each finds it held by
   * the other).
   */
  private static LockStats pinnedPair(String a, String b) {
    Scenario s = ScenarioLoader.standard().load(Path.of("..", "scenarios", "spinlocks-2s72t.json"),
        List.of("workload.tasks=2", "workload.affinity={\"perTask\": [\"" + a + "\", \"" + b + "\"]}",
            "locks[0].algorithm=spin.ticket", "workload.outside.cycles={\"dist\": \"fixed\", \"value\": 20}",
            "workload.critical.cycles={\"dist\": \"fixed\", \"value\": 2600}",
            "run.durationMs=0.2", "run.warmupMs=0.05")).get(0);
    return lock(Simulator.run(s, 1), "l");
  }

  @Test
  void aHandOffBetweenSmtSiblingsIsOnTheHoldersCoreAndOneBetweenCoresIsNot() {
    // CPUs 0 and 1 are the two threads of the first core, 2 the next core's first, 36 the
    // other socket's first.
    LockStats siblings = pinnedPair("0", "1");
    LockStats cores = pinnedPair("0", "2");
    LockStats sockets = pinnedPair("0", "36");
    assertTrue(siblings.handOffsSameSocket() > 100, siblings.toString());
    assertEquals(siblings.handOffsSameSocket(), siblings.handOffsSameCore());
    assertEquals(0, siblings.handOffsOtherSocket());
    assertTrue(cores.handOffsSameSocket() > 100, cores.toString());
    assertEquals(0, cores.handOffsSameCore());
    assertTrue(sockets.handOffsOtherSocket() > 100, sockets.toString());
    assertEquals(0, sockets.handOffsSameCore() + sockets.handOffsSameSocket());
  }

  @Test
  void anUncontendedLockHasNoBouncesTransfersOrSpins() {
    RunResult r = Simulator.run(Recorded.small("workload.tasks=1"), 1);
    for (LockStats s : r.locks()) {
      assertTrue(s.acquisitions() > 100);
      assertEquals(0, s.contentions() + s.acqBounces() + s.conBounces() + s.spun() + s.slept() + s.spinPs(),
          s.name());
      assertEquals(0, s.lineTransfers(), s.name());
      assertEquals(0, s.handOffsSameSocket() + s.handOffsOtherSocket() + s.handOffsSameCore(), s.name());
    }
  }
}
