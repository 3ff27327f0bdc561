package org.locksim.ui.view;

import java.util.BitSet;
import org.locksim.trace.RowKind;
import org.locksim.ui.timeline.RowLayout;

/**
 * The mouse gestures that mark time, as in Perfetto: a drag on the time axis selects an
 * interval over every lane, a shift-drag over the lanes selects it over the lanes it crossed,
 * a click on the axis puts the replay cursor there. Other drags pan the view and scroll its
 * lanes.
 */
final class SelectionDrag {
  /** A press and release closer than this are a click, not a drag, pixels. */
  private static final double CLICK_PX = 3;

  private final TimelineView view;
  private boolean active;
  private boolean onAxis;
  private boolean moved;
  private double startX;
  private double startLayoutY;
  private long startPs;
  private double lastX;
  private double lastY;

  SelectionDrag(TimelineView view) {
    this.view = view;
  }

  void pressed(double x, double y, boolean shift) {
    onAxis = y < TimelineView.AXIS_PX;
    active = x >= TimelineView.GUTTER_PX && (shift || onAxis);
    moved = false;
    startX = x;
    startLayoutY = view.layoutY(y);
    startPs = psAt(x);
    lastX = x;
    lastY = y;
  }

  /**
   * Extends the selection to {@code (x, y)}, or, when this drag is not a selection, pans the
   * view and scrolls its lanes by the pointer's move since the last event.
   */
  void dragged(double x, double y) {
    if (!active) {
      double dx = x - lastX;
      double dy = y - lastY;
      lastX = x;
      lastY = y;
      view.scrollLanes(dy);
      view.viewport().panPx(dx);
      return;
    }
    if (!moved && Math.abs(x - startX) < CLICK_PX) {
      return;
    }
    moved = true;
    BitSet[] lanes = onAxis ? null : lanesBetween(startLayoutY, view.layoutY(y));
    view.marks().select(startPs, psAt(x), lanes);
  }

  void released(double x) {
    if (active && onAxis && !moved) {
      view.marks().setCursor(psAt(x));
    }
    active = false;
  }

  private long psAt(double x) {
    double px = Math.max(0, Math.min(view.viewport().widthPx(), x - TimelineView.GUTTER_PX));
    return view.viewport().ps(px);
  }

  private BitSet[] lanesBetween(double y0, double y1) {
    double top = Math.min(y0, y1);
    double bottom = Math.max(y0, y1);
    BitSet[] lanes = new BitSet[RowKind.values().length];
    for (int k = 0; k < lanes.length; k++) {
      lanes[k] = new BitSet();
    }
    for (RowLayout.Line l : view.rows().lines()) {
      if (!l.header() && l.y() + l.height() > top && l.y() <= bottom) {
        lanes[l.kind().ordinal()].set(l.index());
      }
    }
    return lanes;
  }
}
