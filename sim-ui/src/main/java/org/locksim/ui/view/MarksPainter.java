package org.locksim.ui.view;

import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import org.locksim.ui.timeline.Marks;
import org.locksim.ui.timeline.RowLayout;

/**
 * Draws the marks over the lanes, on the view's overlay so that moving them never redraws
 * the lanes: the selected interval as a translucent band over its lanes with solid edges, the
 * replay cursor as a vertical line with a triangle on the axis, and the pointer's line.
 */
final class MarksPainter {
  static final Color SELECTION = Color.web("#1f77b4", 0.18);
  static final Color SELECTION_EDGE = Color.web("#1f77b4");
  static final Color CURSOR = Color.web("#e6007e");

  private MarksPainter() { }

  static void paint(GraphicsContext g, TimelineView view, Marks marks, double pointerX) {
    double w = g.getCanvas().getWidth();
    double h = g.getCanvas().getHeight();
    g.clearRect(0, 0, w, h);
    double gutter = TimelineView.GUTTER_PX;
    double axis = TimelineView.AXIS_PX;
    g.save();
    g.beginPath();
    g.rect(gutter, 0, Math.max(0, w - gutter), h);
    g.clip();
    if (marks.hasSelection()) {
      double x0 = view.axisXOf(marks.selectionFromPs());
      double x1 = view.axisXOf(marks.selectionToPs());
      g.setFill(SELECTION);
      g.fillRect(x0, 0, Math.max(1, x1 - x0), axis);
      if (marks.allLanes()) {
        g.fillRect(x0, axis, Math.max(1, x1 - x0), h - axis);
      } else {
        for (RowLayout.Line l : view.rows().lines()) {
          if (!l.header() && marks.laneSelected(l.kind(), l.index())) {
            g.fillRect(x0, view.yOf(l), Math.max(1, x1 - x0), l.height());
          }
        }
      }
      g.setStroke(SELECTION_EDGE);
      g.setLineWidth(1);
      g.strokeLine(Math.floor(x0) + 0.5, 0, Math.floor(x0) + 0.5, h);
      g.strokeLine(Math.floor(x1) + 0.5, 0, Math.floor(x1) + 0.5, h);
    }
    if (marks.cursorPs() >= 0) {
      double x = Math.floor(view.axisXOf(marks.cursorPs())) + 0.5;
      g.setStroke(CURSOR);
      g.setLineWidth(2);
      g.strokeLine(x, axis, x, h);
      g.setFill(CURSOR);
      g.fillPolygon(new double[] {x - 6, x + 6, x}, new double[] {axis - 10, axis - 10, axis}, 3);
    }
    if (pointerX >= gutter && pointerX < w) {
      g.setStroke(Color.web("#000000", 0.6));
      g.setLineWidth(1);
      double x = Math.floor(pointerX) + 0.5;
      g.strokeLine(x, axis, x, h);
    }
    g.restore();
  }
}
