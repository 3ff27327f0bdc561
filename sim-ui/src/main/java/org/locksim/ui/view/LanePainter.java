package org.locksim.ui.view;

import java.util.List;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import org.locksim.trace.RowKind;
import org.locksim.trace.SummarySpan;
import org.locksim.ui.timeline.RowLayout;

/**
 * Draws the interval lanes of one section from the trace's level-of-detail summaries at one
 * pixel's resolution ({@link org.locksim.trace.TraceFile#summaries}), all visible lanes of the
 * section in one query, each span in its state's colour and labelled where its name fits.
 */
final class LanePainter {
  private final TimelineView view;
  private final SliceLabels labels;

  LanePainter(TimelineView view, SliceLabels labels) {
    this.view = view;
    this.labels = labels;
  }

  void draw(GraphicsContext g, RowKind kind, List<RowLayout.Line> visible) {
    List<RowLayout.Line> lanes = visible.stream()
        .filter(l -> l.kind() == kind && l.lane()).toList();
    if (lanes.isEmpty()) {
      return;
    }
    int[] rows = lanes.stream().mapToInt(RowLayout.Line::index).toArray();
    List<List<SummarySpan>> spans = view.trace().summaries(kind, rows, view.viewport().startPs(),
        view.viewport().endPs(), view.viewport().psPerPixel());
    for (int i = 0; i < lanes.size(); i++) {
      double y = view.yOf(lanes.get(i)) + 1;
      double hLane = RowLayout.LANE_PX - 2;
      for (SummarySpan s : spans.get(i)) {
        double x0 = view.xOf(s.startPs());
        double x1 = view.xOf(s.endPs());
        Color fill = Palette.of(kind, s);
        g.setFill(fill);
        g.fillRect(x0, y, Math.max(1, x1 - x0), hLane);
        labels.label(g, kind, s, x0, x1, y, hLane, fill);
      }
    }
  }
}
