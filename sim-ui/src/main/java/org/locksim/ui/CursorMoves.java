package org.locksim.ui;

import org.locksim.ui.timeline.Marks;
import org.locksim.ui.timeline.Viewport;

/** Puts the replay cursor at a time and pans the shared viewport so that it is in view. */
final class CursorMoves {
  private CursorMoves() { }

  /** Puts the cursor at {@code ps}; when it lies outside the window, centres the window on it. */
  static void goTo(Viewport viewport, Marks marks, long ps) {
    marks.setCursor(ps);
    if (ps < viewport.startPs() || ps >= viewport.endPs()) {
      long half = viewport.spanPs() / 2;
      viewport.show(ps - half, ps - half + viewport.spanPs());
    }
  }

  /** Keeps a playing cursor in view: when it passes the right edge, the window pages forward. */
  static void follow(Viewport viewport, Marks marks, long ps) {
    marks.setCursor(ps);
    if (ps >= viewport.endPs() || ps < viewport.startPs()) {
      long span = viewport.spanPs();
      viewport.show(ps - span / 10, ps - span / 10 + span);
    }
  }
}
