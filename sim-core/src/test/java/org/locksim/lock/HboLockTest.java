package org.locksim.lock;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.locksim.run.Fairness;
import org.locksim.run.RunResult;

/**
 * Why: Radovic and Hagersten's hierarchical backoff lock backs a waiter off longer when the
 * holder is on another socket, so the holder's socket-mates try again first and the lock stays
 * on a socket. With 32 threads spread over the two-socket Broadwell-EP
 * ({@code scenarios/spinlocks-2s72t.json}) {@code spin.hbo} must keep more hand-offs on a
 * socket than {@code spin.tas-backoff}, which backs off the same whoever holds the lock, and
 * make more acquisitions; and with the remote delays made as short as the local ones it must
 * lose that preference.
 */
class HboLockTest {
  private static RunResult run(String lock) {
    return SpinLockRuns.run("tas-backoff", "workload.tasks=32", "locks[0]=" + lock);
  }

  /** The lock with its defaults, run once for the class's tests. */
  private static RunResult defaultRun;

  private static synchronized RunResult defaultRun() {
    if (defaultRun == null) {
      defaultRun = run("{\"name\":\"l\",\"algorithm\":\"spin.hbo\"}");
    }
    return defaultRun;
  }

  private static double sameSocket(RunResult r) {
    return Fairness.sameSocketShare(r.locks());
  }

  @Test
  void waitersOnTheHoldersSocketTryFirstSoTheLockStaysThere() {
    RunResult flat = run("{\"name\":\"l\",\"algorithm\":\"spin.tas-backoff\"}");
    RunResult hbo = defaultRun();
    assertTrue(sameSocket(hbo) > sameSocket(flat) + 0.15,
        "same-socket hand-offs: " + sameSocket(flat) + " backoff, " + sameSocket(hbo) + " HBO");
    assertTrue(hbo.opsPerSecond() > 1.3 * flat.opsPerSecond(),
        "acquisitions per second: " + flat.opsPerSecond() + " backoff, " + hbo.opsPerSecond() + " HBO");
  }

  @Test
  void remoteDelaysAsShortAsLocalOnesLoseThePreference() {
    RunResult hbo = defaultRun();
    RunResult even = run("{\"name\":\"l\",\"algorithm\":\"spin.hbo\",\"params\":"
        + "{\"remoteBaseNs\":50,\"remoteCapNs\":5000}}");
    assertTrue(sameSocket(even) < sameSocket(hbo) - 0.15,
        "same-socket hand-offs: " + sameSocket(hbo) + " HBO, " + sameSocket(even) + " with even delays");
  }
}
