package org.locksim.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.locksim.metrics.LockStats;

/**
 * Why: sweeps and comparisons report the tail of the waits lock papers plot; the percentiles
 * must merge every lock's contended waits, leave out acquisitions that did not wait (as
 * lock_stat does), and give nothing for a run where nobody waited.
 */
class WaitTimesTest {
  @Test
  void percentilesMergeTheContendedWaitsOfEveryLock() {
    LockStats a = new LockStats("a", "queued.mcs");
    LockStats b = new LockStats("b", "spin.ticket");
    for (int i = 1; i <= 90; i++) {
      a.acquired(100_000, false, true, false);  // 100 ns
    }
    for (int i = 1; i <= 10; i++) {
      b.acquired(5_000_000, false, true, false);  // 5 us
    }
    for (int i = 0; i < 1000; i++) {
      b.acquired(0, false, false, false);  // uncontended: not a wait
    }
    assertEquals(100, WaitTimes.percentileNs(List.of(a, b), 50), 1.0);
    assertEquals(100, WaitTimes.percentileNs(List.of(a, b), 90), 1.0);
    assertEquals(5000, WaitTimes.percentileNs(List.of(a, b), 99), 50.0);
  }

  @Test
  void aRunWhereNobodyWaitedHasNoFigure() {
    LockStats a = new LockStats("a", "queued.mcs");
    a.acquired(0, false, false, false);
    assertTrue(Double.isNaN(WaitTimes.percentileNs(List.of(a), 99)));
    assertTrue(Double.isNaN(WaitTimes.percentileNs(List.of(), 50)));
  }
}
