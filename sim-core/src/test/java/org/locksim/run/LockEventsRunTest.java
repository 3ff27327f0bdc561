package org.locksim.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.locksim.lock.Lock;
import org.locksim.metrics.LockStats;
import org.locksim.report.perf.ResultJson;
import org.locksim.scenario.Scenario;

/**
 * Why: a run's lock event counts are read as the kernel's counters are, reset when the
 * measurement window opens: they must count the window only, sum every lock of the run by
 * event (as the kernel's per-CPU counters sum every lock's), keep the kernel's list order, and
 * stay out of the results of a run whose locks have none. For qspinlock every contended
 * acquisition is the pending waiter's or a queued one's, so within the window the two events
 * add up to the contentions, but for the few acquisitions the window's edges cut.
 */
class LockEventsRunTest {
  private static Scenario scenario(String algorithm, int warmupMs) {
    return TwoLockScenario.of(algorithm, "", "", 500, warmupMs, 1);
  }

  @Test
  void theWindowsCountsSummedOverTheLocksInTheKernelsOrder() {
    List<Lock> locks = new ArrayList<>();
    RunResult r = Simulator.run(scenario("queued.qspinlock", 1), 1, new RunListener() {
      @Override
      public void started(RunContext c) {
        locks.addAll(c.locks());
      }
    });
    assertEquals(List.of("lock_pending", "lock_slowpath", "lock_use_node2", "lock_use_node3", "lock_use_node4",
        "lock_no_node"), List.copyOf(r.lockEvents().keySet()));
    long pending = r.lockEvents().get("lock_pending");
    long slowpath = r.lockEvents().get("lock_slowpath");
    assertTrue(pending > 0 && slowpath > 0, r.lockEvents().toString());
    long wholeRun = 0;
    for (Lock l : locks) {
      wholeRun += l.lockEvents().getOrDefault("lock_slowpath", 0L);
    }
    assertTrue(wholeRun > slowpath, "the warm-up's queued acquisitions are not in the window: "
        + wholeRun + " in the run, " + slowpath + " in the window");
    long contentions = 0;
    for (LockStats s : r.locks()) {
      contentions += s.contentions();
    }
    assertTrue(Math.abs(pending + slowpath - contentions) <= 8,
        "pending " + pending + " + slowpath " + slowpath + " against " + contentions + " contentions");
    assertTrue(ResultJson.format(List.of(List.of(r))).contains("\"lock_slowpath\" : " + slowpath));
  }

  @Test
  void aRunWithoutLockEventsHasNone() {
    RunResult r = Simulator.run(scenario("queued.mcs", 0), 1);
    assertEquals(Map.of(), r.lockEvents());
    assertFalse(ResultJson.format(List.of(List.of(r))).contains("lockEvents"));
  }
}
