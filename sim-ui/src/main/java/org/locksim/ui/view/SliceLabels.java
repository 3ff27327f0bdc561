package org.locksim.ui.view;

import java.util.List;
import javafx.geometry.VPos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import javafx.scene.text.TextAlignment;
import org.locksim.trace.RowKind;
import org.locksim.trace.SummarySpan;
import org.locksim.trace.TraceFile;

/**
 * Writes a name inside an interval wide enough to hold it, as Perfetto labels its slices: the
 * task on a CPU lane, the lock a task waits on, the owner of a lock. Dark text on light
 * colours, white on dark ones.
 */
final class SliceLabels {
  /** Rough width of one character of the 11-point label font, pixels. */
  private static final double CHAR_PX = 6.2;
  private static final double PAD_PX = 4;

  private final TraceFile trace;

  SliceLabels(TraceFile trace) {
    this.trace = trace;
  }

  /** Labels {@code s}, drawn in {@code fill} over {@code [x0, x1)}, if its name fits. */
  void label(GraphicsContext g, RowKind kind, SummarySpan s, double x0, double x1, double y,
      double h, Color fill) {
    if (s.merged() || s.detail() < 0 || x1 - x0 < 30) {
      return;
    }
    List<String> names = kind == RowKind.TASK ? trace.lockNames() : trace.taskNames();
    if (s.detail() >= names.size()) {
      return;
    }
    String name = names.get(s.detail());
    double left = Math.max(x0, TimelineView.GUTTER_PX);
    if (x1 - left < name.length() * CHAR_PX + 2 * PAD_PX) {
      return;
    }
    double luminance = 0.2126 * fill.getRed() + 0.7152 * fill.getGreen() + 0.0722 * fill.getBlue();
    g.setFill(luminance < 0.5 ? Color.WHITE : Color.web("#222222"));
    g.setFont(FrameDecor.LABEL);
    g.setTextAlign(TextAlignment.LEFT);
    g.setTextBaseline(VPos.CENTER);
    g.fillText(name, left + PAD_PX, y + h / 2);
  }
}
