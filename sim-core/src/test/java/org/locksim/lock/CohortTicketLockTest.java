package org.locksim.lock;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.locksim.run.Fairness;
import org.locksim.run.RunResult;

/**
 * Why: C-TKT-TKT keeps the global lock on a socket for up to {@code batchCount} hand-offs while
 * that socket's ticket lock has waiters, and sockets take turns in the global ticket lock's
 * order. With 32 threads spread over the two-socket Broadwell-EP
 * ({@code scenarios/spinlocks-2s72t.json}) every socket always has waiters, so exactly
 * {@code batchCount} of every {@code batchCount + 1} hand-offs stay on a socket, the lock stays
 * fair, and it does more acquisitions than the plain ticket lock, which crosses sockets at
 * random.
 */
class CohortTicketLockTest {
  private static RunResult run(String lock) {
    return SpinLockRuns.run("ticket", "workload.tasks=32", "locks[0]=" + lock);
  }

  @Test
  void aSocketKeepsTheLockForItsBatchThenPassesItOn() {
    RunResult ticket = run("{\"name\":\"l\",\"algorithm\":\"spin.ticket\"}");
    RunResult hundred = run("{\"name\":\"l\",\"algorithm\":\"queued.cohort-tkt-tkt\"}");
    RunResult nine = run("{\"name\":\"l\",\"algorithm\":\"queued.cohort-tkt-tkt\",\"params\":{\"batchCount\":9}}");
    double h = Fairness.sameSocketShare(hundred.locks());
    double n = Fairness.sameSocketShare(nine.locks());
    String shares = "same-socket hand-offs: batch 100 " + h + ", batch 9 " + n;
    // Within the 2 ms window a batch may be cut at either end, so the shares are near, not at,
    // batch / (batch + 1).
    assertTrue(Math.abs(h - 100.0 / 101) < 0.002, shares);
    assertTrue(Math.abs(n - 9.0 / 10) < 0.01, shares);
    for (RunResult r : new RunResult[] {hundred, nine}) {
      assertTrue(Fairness.topHalfShare(r.taskCounts()) < 0.55, "top-half share " + Fairness.topHalfShare(r.taskCounts()));
    }
    assertTrue(hundred.opsPerSecond() > 1.2 * ticket.opsPerSecond(),
        "acquisitions per second: ticket " + ticket.opsPerSecond() + ", C-TKT-TKT " + hundred.opsPerSecond());
  }
}
