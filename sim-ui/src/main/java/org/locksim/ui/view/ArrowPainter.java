package org.locksim.ui.view;

import java.util.List;
import javafx.scene.canvas.GraphicsContext;
import org.locksim.trace.Arrow;
import org.locksim.trace.RowKind;
import org.locksim.ui.timeline.RowLayout;

/**
 * Draws the arrows between task lanes (hand-offs, wakeups, migrations), each from its cause
 * on the causing task's lane to its effect on the affected task's, with a head at the effect.
 * Arrows with an end on a hidden lane are left out.
 */
final class ArrowPainter {
  private static final double HEAD_PX = 6;
  private static final double HEAD_ANGLE = 0.45;

  private ArrowPainter() { }

  /** Draws {@code arrows} on {@code view}'s lanes; returns how many were drawn. */
  static int draw(GraphicsContext g, TimelineView view, List<Arrow> arrows) {
    RowLayout layout = view.rows();
    int drawn = 0;
    g.setLineWidth(1);
    for (Arrow a : arrows) {
      RowLayout.Line from = a.fromTask() < 0 ? null : layout.lane(RowKind.TASK, a.fromTask());
      RowLayout.Line to = a.toTask() < 0 ? null : layout.lane(RowKind.TASK, a.toTask());
      if (from == null || to == null) {
        continue;
      }
      double x0 = view.xOf(a.fromPs());
      double y0 = view.yOf(from) + RowLayout.LANE_PX / 2;
      double x1 = view.xOf(a.toPs());
      double y1 = view.yOf(to) + RowLayout.LANE_PX / 2;
      g.setStroke(Palette.arrow(a.kind().ordinal()));
      g.strokeLine(x0, y0, x1, y1);
      double angle = Math.atan2(y1 - y0, x1 - x0);
      for (double side : new double[] {-HEAD_ANGLE, HEAD_ANGLE}) {
        g.strokeLine(x1, y1, x1 - HEAD_PX * Math.cos(angle + side),
            y1 - HEAD_PX * Math.sin(angle + side));
      }
      drawn++;
    }
    return drawn;
  }
}
