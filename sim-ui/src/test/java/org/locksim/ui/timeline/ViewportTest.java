package org.locksim.ui.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ViewportTest {
  @Test
  void zoomKeepsTheTimeUnderThePointer() {
    Viewport v = new Viewport(0, 1_000_000);
    v.setWidth(1000);
    long before = v.ps(250);
    v.zoomAt(250, 4);
    assertEquals(250_000, v.spanPs());
    assertEquals(before, v.ps(250), 1);
  }

  @Test
  void staysInsideTheBoundsAndAtMostOnePsPerPixel() {
    Viewport v = new Viewport(100, 10_100);
    v.setWidth(500);
    v.panPx(10_000);
    assertEquals(100, v.startPs());
    for (int i = 0; i < 100; i++) {
      v.zoomAt(0, 10);
    }
    assertEquals(500, v.spanPs());
    assertEquals(1, v.psPerPixel());
    v.panPx(-1e9);
    assertEquals(10_100, v.endPs());
    v.fit();
    assertEquals(100, v.startPs());
    assertEquals(10_000, v.spanPs());
  }

  @Test
  void listenersHearEveryChange() {
    Viewport v = new Viewport(0, 1000);
    int[] calls = {0};
    Runnable r = () -> calls[0]++;
    v.addListener(r);
    v.setWidth(100);
    v.zoomAt(10, 2);
    v.panPx(5);
    v.removeListener(r);
    v.fit();
    assertEquals(3, calls[0]);
    assertTrue(v.x(v.startPs()) == 0);
  }

  @Test
  void aShiftedCopyMapsItsTimesToTheSamePixels() {
    Viewport v = new Viewport(0, 1_000_000);
    v.setWidth(1000);
    v.zoomAt(300, 8);
    Viewport moved = v.shiftedBy(-40_000);
    assertEquals(v.startPs() - 40_000, moved.startPs());
    assertEquals(v.spanPs(), moved.spanPs());
    assertEquals(v.psPerPixel(), moved.psPerPixel());
    assertEquals(v.x(123_456), moved.x(123_456 - 40_000), 1e-9);
    assertEquals(-40_000, moved.minPs());
    int[] calls = {0};
    moved.addListener(() -> calls[0]++);
    v.panPx(10);
    assertEquals(0, calls[0], "a copy does not follow the original");
  }
}
