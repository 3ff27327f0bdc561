package org.locksim.ui.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.locksim.trace.CounterKind;
import org.locksim.trace.RowKind;

class RowLayoutTest {
  private final RowLayout layout = RowLayout.builder()
      .section(RowKind.CPU, "CPUs", List.of("CPU 0", "CPU 1"))
      .section(RowKind.LOCK, "Locks", List.of("i_mutex"))
      .build();

  @Test
  void headersThenLanesInOrder() {
    assertEquals(5, layout.lines().size());
    assertEquals("CPUs (2)", layout.lines().get(0).label());
    assertTrue(layout.lines().get(0).header());
    assertEquals(2 * RowLayout.HEADER_PX + 3 * RowLayout.LANE_PX, layout.height());
  }

  @Test
  void findsTheLineUnderAPixel() {
    assertEquals("CPUs (2)", layout.at(0).label());
    assertEquals("CPU 0", layout.at(RowLayout.HEADER_PX).label());
    assertEquals("CPU 1", layout.at(RowLayout.HEADER_PX + RowLayout.LANE_PX + 3).label());
    assertEquals("i_mutex", layout.at(layout.height() - 1).label());
    assertNull(layout.at(layout.height()));
    assertNull(layout.at(-1));
    assertEquals(RowLayout.HEADER_PX * 2 + 2 * RowLayout.LANE_PX, layout.lane(RowKind.LOCK, 0).y());
    assertNull(layout.lane(RowKind.TASK, 0));
  }

  @Test
  void aCounterTrackSitsUnderItsLaneAndIsNotTheLane() {
    RowLayout l = RowLayout.builder()
        .section(RowKind.CPU, "CPUs", List.of("CPU 0", "CPU 1"), CounterKind.RUNQUEUE, i -> i == 0)
        .build();
    assertEquals(4, l.lines().size());
    RowLayout.Line track = l.lines().get(2);
    assertEquals(CounterKind.RUNQUEUE, track.counter());
    assertEquals(0, track.index());
    assertFalse(track.lane());
    assertEquals(RowLayout.HEADER_PX + RowLayout.LANE_PX, track.y());
    assertEquals(RowLayout.COUNTER_PX, track.height());
    assertTrue(l.lane(RowKind.CPU, 0).lane(), "lane() finds the lane, not its track");
    assertEquals(track, l.at(track.y() + 1));
    assertEquals("CPU 1", l.at(track.y() + RowLayout.COUNTER_PX).label());
  }
}
