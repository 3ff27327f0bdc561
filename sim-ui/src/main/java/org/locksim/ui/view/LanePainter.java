package org.locksim.ui.view;

import java.util.List;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import org.locksim.trace.RowKind;
import org.locksim.trace.SummarySpan;
import org.locksim.ui.timeline.RowLayout;
import org.locksim.ui.timeline.Viewport;

/**
 * Draws the interval lanes of one section from the trace's level-of-detail summaries at one
 * pixel's resolution ({@link LaneSource}: the trace's {@link org.locksim.trace.LodIndex}, or
 * {@link org.locksim.trace.TraceFile#summaries} until it is built), all visible lanes of the
 * section in one query, each span in its state's colour and labelled where its name fits; a
 * span that merges the intervals of a pixel is a bar stacked by the time each state took.
 */
final class LanePainter {
  private final TimelineView view;
  private final SliceLabels labels;
  private final LaneSource source;

  LanePainter(TimelineView view, SliceLabels labels, LaneSource source) {
    this.view = view;
    this.labels = labels;
    this.source = source;
  }

  void draw(GraphicsContext g, RowKind kind, Viewport window, List<RowLayout.Line> visible) {
    List<RowLayout.Line> lanes = visible.stream()
        .filter(l -> l.kind() == kind && l.lane()).toList();
    if (lanes.isEmpty()) {
      return;
    }
    int[] rows = lanes.stream().mapToInt(RowLayout.Line::index).toArray();
    List<List<SummarySpan>> spans = source.summaries(kind, rows, window.startPs(),
        window.endPs(), window.psPerPixel());
    // A span may reach past the window's end (a window read wider is kept): its name is
    // placed in the part in view.
    double right = view.xOf(window.endPs());
    for (int i = 0; i < lanes.size(); i++) {
      double y = view.yOf(lanes.get(i)) + 1;
      double hLane = RowLayout.LANE_PX - 2;
      for (SummarySpan s : spans.get(i)) {
        double x0 = view.xOf(s.startPs());
        double x1 = view.xOf(s.endPs());
        if (s.merged() && kind != RowKind.LOCK) {
          stack(g, kind, s, x0, Math.max(1, x1 - x0), y, hLane);
          continue;
        }
        Color fill = Palette.of(kind, s);
        g.setFill(fill);
        g.fillRect(x0, y, Math.max(1, x1 - x0), hLane);
        labels.label(g, kind, s, x0, Math.min(x1, right), y, hLane, fill);
      }
    }
  }

  /**
   * Draws a merged span as a stacked bar: each state takes a share of the lane's height equal
   * to its share of the span's time, spinning at the bottom, so that a few percent of spinning
   * stays visible at any zoom instead of vanishing into a mixed colour.
   */
  private static void stack(GraphicsContext g, RowKind kind, SummarySpan s, double x, double w,
      double y, double h) {
    double bottom = y + h;
    double covered = 0;
    int[] order = Palette.stackOrder(kind);
    double[] shares = Palette.stackShares(kind, s);
    for (int i = 0; i < order.length; i++) {
      if (shares[i] <= 0) {
        continue;
      }
      double part = h * shares[i];
      g.setFill(Palette.of(kind, order[i], -1));
      g.fillRect(x, bottom - covered - part, w, part);
      covered += part;
    }
    if (covered < h) {
      g.setFill(Palette.EMPTY);
      g.fillRect(x, y, w, h - covered);
    }
  }
}
