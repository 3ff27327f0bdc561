package org.locksim.ui.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Checks that widening windows find the same neighbour a full scan finds, near and far, and
 * nothing past the bounds.
 */
class TimeStepperTest {
  private final long[] times = {5, 7, 1_000_000, 1_000_001, 9_999_999};
  private final List<long[]> reads = new ArrayList<>();
  private final TimeStepper<Long> stepper = new TimeStepper<>((from, to) -> {
    reads.add(new long[] {from, to});
    List<Long> out = new ArrayList<>();
    for (long t : times) {
      if (t >= from && t < to) {
        out.add(t);
      }
    }
    return out;
  }, t -> t, 0, 10_000_000, 10);

  @Test
  void nextAndPreviousAreTheNeighboursAFullScanFinds() {
    assertEquals(Optional.of(5L), stepper.next(0));
    assertEquals(Optional.of(7L), stepper.next(5));
    assertEquals(Optional.of(1_000_000L), stepper.next(7));
    assertEquals(Optional.of(9_999_999L), stepper.next(1_000_001));
    assertEquals(Optional.empty(), stepper.next(9_999_999));
    assertEquals(Optional.of(1_000_001L), stepper.previous(9_999_999));
    assertEquals(Optional.of(7L), stepper.previous(1_000_000));
    assertEquals(Optional.empty(), stepper.previous(5));
  }

  @Test
  void aFarStepReadsFewWindows() {
    stepper.next(7);
    assertTrue(reads.size() <= 20, "read " + reads.size() + " windows to cross 1 ms from 7 ps");
  }

  @Test
  void theClockStopsAtTheEnd() {
    ReplayClock c = new ReplayClock(1_000_000_000L, 100);
    assertEquals(100_000_000L, c.advance(0, 1_000_000_000L), "100 us per wall second");
    assertEquals(1_000_000_000L, c.advance(950_000_000L, 1_000_000_000L));
    assertTrue(c.finished(1_000_000_000L));
  }
}
