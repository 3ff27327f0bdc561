package org.locksim.ui.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
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
}
