package org.locksim.lock;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.locksim.run.Fairness;
import org.locksim.run.RunResult;

/**
 * Why: HMCS passes a socket's lock to the next waiter of the socket with the global lock along,
 * up to {@code threshold} acquisitions in a row, and the sockets take turns in the global MCS
 * queue. With 32 threads spread over the two-socket Broadwell-EP
 * ({@code scenarios/spinlocks-2s72t.json}, outside work drawn from an exponential distribution
 * so that MCS's own queue order is not fixed by the start) every socket always has waiters, so
 * {@code threshold - 1} of every {@code threshold} hand-offs stay on a socket, the lock stays
 * fair (first come, first served at both levels, unlike C-BO-MCS), and it does more
 * acquisitions than MCS, about half of whose hand-offs cross sockets. One run gave 4.57 M
 * acquisitions a second against MCS's 3.69 M.
 */
class HmcsLockTest {
  private static RunResult run(String lock) {
    return SpinLockRuns.run("mcs", "workload.tasks=32",
        "workload.outside.cycles={\"dist\":\"exponential\",\"mean\":2600}", "locks[0]=" + lock);
  }

  @Test
  void aSocketKeepsTheLockForItsThresholdThenTheGlobalQueuePassesItOn() {
    RunResult mcs = run("{\"name\":\"l\",\"algorithm\":\"queued.mcs\"}");
    RunResult hundred = run("{\"name\":\"l\",\"algorithm\":\"queued.hmcs\"}");
    RunResult ten = run("{\"name\":\"l\",\"algorithm\":\"queued.hmcs\",\"params\":{\"threshold\":10}}");
    double h = Fairness.sameSocketShare(hundred.locks());
    double t = Fairness.sameSocketShare(ten.locks());
    String shares = "same-socket hand-offs: threshold 100 " + h + ", threshold 10 " + t;
    // Within the run's window a turn may be cut at either end: near, not at, 99/100 and 9/10.
    assertTrue(Math.abs(h - 99.0 / 100) < 0.002, shares);
    assertTrue(Math.abs(t - 9.0 / 10) < 0.01, shares);
    for (RunResult r : new RunResult[] {hundred, ten}) {
      assertTrue(Fairness.topHalfShare(r.taskCounts()) < 0.55, "top-half share " + Fairness.topHalfShare(r.taskCounts()));
    }
    assertTrue(hundred.opsPerSecond() > 1.1 * mcs.opsPerSecond(),
        "acquisitions per second: MCS " + mcs.opsPerSecond() + ", HMCS " + hundred.opsPerSecond());
  }
}
