package org.locksim.lock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.locksim.run.RunResult;

/**
 * Why: Herlihy and Shavit's backoff lock is test-and-test-and-set whose waiter pauses after a
 * failed exchange, longer after each failure, so that fewer waiters race for the line at each
 * release. With 32 threads on the two-socket Broadwell-EP ({@code scenarios/spinlocks-2s72t.json})
 * {@code spin.ttas} with {@code backoffNs} must move fewer lines per acquisition and make more
 * acquisitions than without, and with {@code backoffNs} 0 it must run exactly as before. With
 * 50 ns and each delay drawn at random below its limit, four seeds gave 850,850 acquisitions a
 * second against 727,650 (+17%) and 28.8 lines per acquisition against 48.3 (x0.60); the
 * bounds below leave room for a seed's spread (0.4%) and no more than that for a rule change.
 */
class TtasBackoffTest {
  private static RunResult run(String... sets) {
    List<String> all = new ArrayList<>(List.of("workload.tasks=32"));
    all.addAll(List.of(sets));
    return SpinLockRuns.run("ttas", all.toArray(String[]::new));
  }

  /** The scenario's lock as {@code spin.ttas} with {@code params}. */
  private static String ttas(String params) {
    return "locks[0]={\"name\":\"l\",\"algorithm\":\"spin.ttas\",\"params\":" + params + "}";
  }

  @Test
  void backingOffAfterAFailedExchangeThinsTheRaceAtEachRelease() {
    RunResult plain = run();
    RunResult backoff = run(ttas("{\"backoffNs\":50}"));
    assertTrue(backoff.transfersPerOp() < 0.7 * plain.transfersPerOp(),
        "line transfers per acquisition: " + plain.transfersPerOp() + " without, " + backoff.transfersPerOp() + " with");
    assertTrue(backoff.opsPerSecond() > 1.1 * plain.opsPerSecond(),
        "acquisitions per second: " + plain.opsPerSecond() + " without, " + backoff.opsPerSecond() + " with");
  }

  /**
   * libslock keeps each thread's limit from one acquisition to the next, so a thread that has
   * failed before starts its next wait at a long limit, not at {@code backoffNs} again: fewer
   * waiters come back at once after a release. At 8 threads three seeds gave 4.5 lines per
   * acquisition against 7.8 and 2.34 M acquisitions a second against 1.77 M.
   */
  @Test
  void aKeptLimitThinsTheRaceFurther() {
    RunResult fresh = run("workload.tasks=8", ttas("{\"backoffNs\":50}"));
    RunResult kept = run("workload.tasks=8", ttas("{\"backoffNs\":50,\"backoffKept\":true}"));
    assertTrue(kept.transfersPerOp() < 0.75 * fresh.transfersPerOp(),
        "line transfers per acquisition: " + fresh.transfersPerOp() + " afresh, " + kept.transfersPerOp() + " kept");
    assertTrue(kept.opsPerSecond() > 1.1 * fresh.opsPerSecond(),
        "acquisitions per second: " + fresh.opsPerSecond() + " afresh, " + kept.opsPerSecond() + " kept");
  }

  @Test
  void noBackoffIsTheLockAsItWas() {
    RunResult plain = run();
    RunResult zero = run(ttas("{\"backoffNs\":0,\"backoffCapNs\":100}"));
    assertEquals(plain.events(), zero.events());
    assertEquals(plain.ops(), zero.ops());
  }
}
