package org.locksim.ui.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class TimeTicksTest {
  @Test
  void stepIsOneTwoOrFiveTimesAPowerOfTen() {
    Viewport v = new Viewport(0, 1_000_000_000L);
    v.setWidth(1000);
    assertEquals(100_000_000L, TimeTicks.step(v, 100));
    assertEquals(200_000_000L, TimeTicks.step(v, 150));
    assertEquals(500_000_000L, TimeTicks.step(v, 300));
  }

  @Test
  void labelsCarryTheDecimalsTheStepNeeds() {
    Viewport v = new Viewport(0, 200_000_000_000L);
    v.setWidth(1000);
    v.show(100_000_000_000L, 100_020_000_000L);
    List<TimeTicks.Tick> ticks = TimeTicks.ticks(v, 100);
    assertEquals("100.000 ms", ticks.get(0).label());
    assertEquals("100.002 ms", ticks.get(1).label());
    assertEquals(10, ticks.size());
  }
}
