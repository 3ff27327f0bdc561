package org.locksim.lock.rw;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Why: FreeBSD 13's writer or reader spinning on readers reads the word once per
 * {@code lock_delay_spin(n)}, n the readers it last read, not at every pause: a reader's leaving
 * is seen by the read that ends the period of n pauses it fell in, so with more readers the
 * writer notices later. The spin waits event-driven between reads; this is the grid its reads
 * fall on.
 */
class FreeBsdRwPollTest {
  private static final long PAUSE = 1_000;

  @Test
  void aChangeIsSeenAtTheEndOfThePeriodOfNPausesItFellIn() {
    assertEquals(3_000, FreeBsdRwLoops.periodEnd(0, 3, PAUSE, 100), "three readers: three pauses");
    assertEquals(3_000, FreeBsdRwLoops.periodEnd(0, 3, PAUSE, 3_000), "at the period's end: that read");
    assertEquals(6_000, FreeBsdRwLoops.periodEnd(0, 3, PAUSE, 3_001), "then the next period's");
    assertEquals(10_000 + 1_000, FreeBsdRwLoops.periodEnd(10_000, 1, PAUSE, 10_400), "one reader: one pause");
    assertEquals(1_000, FreeBsdRwLoops.periodEnd(0, 0, PAUSE, 0), "no reader counts as one: a read a pause later");
  }
}
