package org.locksim.ui.view;

import java.util.List;
import java.util.function.Predicate;
import javafx.geometry.VPos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.TextAlignment;
import org.locksim.trace.Picos;
import org.locksim.ui.timeline.RowLayout;
import org.locksim.ui.timeline.TimeTicks;

/**
 * Draws what frames a timeline's lanes: section headers, the names in the gutter (a lane a
 * search matched gets a yellow name), the time axis with its ticks, and the notice of what
 * the frame left out ("12,345 arrows hidden: zoom in").
 */
final class FrameDecor {
  static final Font LABEL = Font.font("System", 11);
  static final Font HEADER = Font.font("System", FontWeight.BOLD, 11);
  static final Color GRID = Color.web("#d8d8d8");
  static final Color HEADER_FILL = Color.web("#f4f4f4");
  static final Color MATCH_FILL = Color.web("#ffe066");
  static final Color NOTICE = Color.web("#b00020");

  private final TimelineView view;

  FrameDecor(TimelineView view) {
    this.view = view;
  }

  void headers(GraphicsContext g, List<RowLayout.Line> visible, double w) {
    g.setFill(HEADER_FILL);
    for (RowLayout.Line l : visible) {
      if (l.header()) {
        g.fillRect(TimelineView.GUTTER_PX, view.yOf(l), w - TimelineView.GUTTER_PX, l.height());
      }
    }
  }

  void names(GraphicsContext g, List<RowLayout.Line> visible, double h,
      Predicate<RowLayout.Line> matched) {
    double gutter = TimelineView.GUTTER_PX;
    double axis = TimelineView.AXIS_PX;
    g.setFill(Color.WHITE);
    g.fillRect(0, axis, gutter, h - axis);
    g.save();
    g.beginPath();
    g.rect(0, axis, gutter - 4, h - axis);
    g.clip();
    g.setTextBaseline(VPos.CENTER);
    g.setTextAlign(TextAlignment.LEFT);
    for (RowLayout.Line l : visible) {
      double y = view.yOf(l);
      if (l.header()) {
        g.setFill(HEADER_FILL);
        g.fillRect(0, y, gutter, l.height());
        g.setFont(HEADER);
        g.setFill(Color.BLACK);
        g.fillText(l.label(), 6, y + l.height() / 2);
      } else {
        if (matched.test(l)) {
          g.setFill(MATCH_FILL);
          g.fillRect(0, y, gutter - 4, l.height());
        }
        g.setFont(LABEL);
        g.setFill(Color.web(l.counter() == null ? "#333333" : "#777777"));
        g.fillText(l.label(), l.counter() == null ? 14 : 28, y + l.height() / 2);
      }
    }
    g.restore();
    g.setStroke(GRID);
    g.strokeLine(gutter - 0.5, axis, gutter - 0.5, h);
  }

  void axis(GraphicsContext g, List<TimeTicks.Tick> ticks, double w, String notice) {
    double gutter = TimelineView.GUTTER_PX;
    double axis = TimelineView.AXIS_PX;
    g.setFill(Color.WHITE);
    g.fillRect(0, 0, w, axis);
    g.setStroke(Color.web("#999999"));
    g.strokeLine(0, axis - 0.5, w, axis - 0.5);
    g.setFont(LABEL);
    g.setFill(Color.web("#333333"));
    g.setTextBaseline(VPos.CENTER);
    g.setTextAlign(TextAlignment.LEFT);
    g.fillText(Picos.format(view.viewport().spanPs()) + " in view", 6, axis / 2);
    g.save();
    g.beginPath();
    g.rect(gutter, 0, w - gutter, axis);
    g.clip();
    for (TimeTicks.Tick t : ticks) {
      double x = Math.floor(view.xOf(t.ps())) + 0.5;
      g.strokeLine(x, axis - 6, x, axis);
      g.fillText(t.label(), x + 3, axis / 2 - 1);
    }
    g.restore();
    if (!notice.isEmpty()) {
      g.setTextAlign(TextAlignment.RIGHT);
      g.setFont(HEADER);
      double textW = notice.length() * 6.5;
      g.setFill(Color.web("#ffffff", 0.9));
      g.fillRect(w - textW - 12, 2, textW + 8, axis - 5);
      g.setFill(NOTICE);
      g.fillText(notice, w - 8, axis / 2);
    }
  }
}
