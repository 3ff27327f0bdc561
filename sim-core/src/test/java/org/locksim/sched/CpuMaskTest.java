package org.locksim.sched;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Why: CPU lists are read as {@code taskset -c} reads them and printed as
 * {@code /sys/devices/system/cpu/online} prints them; a bad list says which entry is wrong.
 */
class CpuMaskTest {
  @Test
  void readsCpusRangesAndStrides() {
    assertArrayEquals(new int[] {0, 1, 2, 3, 8}, CpuMask.parse("0-3,8").cpus());
    assertArrayEquals(new int[] {0, 2, 4, 6}, CpuMask.parse("0-7:2").cpus());
    assertArrayEquals(new int[] {70, 130}, CpuMask.parse(" 130 , 70").cpus());
    assertEquals(CpuMask.of(1, 2, 3), CpuMask.parse("3,1-2,2"));
  }

  @Test
  void printsRangesJoined() {
    assertEquals("0-3,8,10-11", CpuMask.of(11, 0, 1, 2, 3, 8, 10).toString());
    assertEquals("64", CpuMask.of(64).toString());
  }

  @Test
  void answersMembership() {
    CpuMask m = CpuMask.parse("1,65");
    assertTrue(m.contains(65));
    assertFalse(m.contains(64));
    assertFalse(m.contains(200));
    assertEquals(2, m.size());
    assertEquals(65, m.last());
    assertTrue(CpuMask.all(3).coversAll(3));
    assertEquals(0, CpuMask.of().size());
    assertEquals("", CpuMask.of().toString());
  }

  @Test
  void aBadListNamesTheEntry() {
    assertEquals(4, assertThrows(CpuMask.BadList.class, () -> CpuMask.parse("0-3,,8")).offset());
    assertEquals(2, assertThrows(CpuMask.BadList.class, () -> CpuMask.parse("0,3-1")).offset());
    assertEquals(3, assertThrows(CpuMask.BadList.class, () -> CpuMask.parse("0-7:0")).offset() - 1);
    assertThrows(CpuMask.BadList.class, () -> CpuMask.parse("-1"));
    assertThrows(CpuMask.BadList.class, () -> CpuMask.parse("3:2"));
    assertThrows(CpuMask.BadList.class, () -> CpuMask.parse(""));
  }
}
