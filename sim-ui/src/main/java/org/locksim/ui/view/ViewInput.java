package org.locksim.ui.view;

import javafx.scene.input.KeyEvent;
import javafx.scene.input.ScrollEvent;

/**
 * The wheel and the keys of a {@link TimelineView}: the wheel zooms around the pointer (over the
 * names, or with shift, it scrolls the lanes); W/S zoom and A/D pan as in Perfetto, Home shows
 * the whole run and Esc clears the selection.
 */
final class ViewInput {
  private static final double ZOOM_STEP = 1.25;

  private ViewInput() { }

  static void scrolled(TimelineView view, ScrollEvent e) {
    double delta = e.getDeltaY() != 0 ? e.getDeltaY() : e.getDeltaX();
    if (delta == 0) {
      return;
    }
    if (e.isShiftDown() || e.getX() < TimelineView.GUTTER_PX) {
      view.scrollLanes(delta);
    } else {
      view.viewport().zoomAt(e.getX() - TimelineView.GUTTER_PX, delta > 0 ? ZOOM_STEP : 1 / ZOOM_STEP);
    }
    view.pointerAt(e.getX(), e.getY());
    e.consume();
  }

  static void key(TimelineView view, KeyEvent e, double pointerX) {
    var viewport = view.viewport();
    double anchor = pointerX >= TimelineView.GUTTER_PX ? pointerX - TimelineView.GUTTER_PX
        : viewport.widthPx() / 2;
    switch (e.getCode()) {
      case W -> viewport.zoomAt(anchor, ZOOM_STEP);
      case S -> viewport.zoomAt(anchor, 1 / ZOOM_STEP);
      case A -> viewport.panPx(viewport.widthPx() / 5);
      case D -> viewport.panPx(-viewport.widthPx() / 5);
      case HOME -> viewport.fit();
      case ESCAPE -> view.marks().clearSelection();
      default -> {
        return;
      }
    }
    e.consume();
  }
}
