package org.locksim.ui.view;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Locale;
import javafx.scene.paint.Color;
import org.locksim.trace.Arrow;
import org.locksim.trace.RowKind;
import org.locksim.trace.SummarySpan;
import org.locksim.trace.TraceFile;
import org.locksim.ui.timeline.RowLayout;
import org.locksim.ui.timeline.TimeTicks;
import org.locksim.ui.timeline.Viewport;

/**
 * Writes a timeline as SVG, for papers: the time axis with its ticks, every line of the layout
 * (not only those scrolled into view) with its name, the lanes from the same level-of-detail
 * summaries the canvas draws (a merged span stacked by state, as on the canvas), and the arrows when there are few enough to draw. A vector
 * picture of what the view shows, at the viewport's window and width.
 */
public final class SvgExport {
  private static final double GUTTER = TimelineView.GUTTER_PX;
  private static final double AXIS = TimelineView.AXIS_PX;
  /** Height of a view's title line, pixels. */
  private static final double TITLE = 20;

  private SvgExport() { }

  /**
   * Writes the views one under another, each under its title, to {@code file}, atomically.
   */
  public static void write(List<TimelineView> views, List<String> titles, Path file) throws IOException {
    Path dir = file.toAbsolutePath().getParent();
    Path tmp = Files.createTempFile(dir, ".locksim-", ".svg");
    try {
      try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
        double width = GUTTER + (views.isEmpty() ? 1 : views.get(0).viewport().widthPx());
        double height = 0;
        for (TimelineView v : views) {
          height += TITLE + AXIS + v.rows().height();
        }
        w.write(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\""
            + " height=\"%.0f\" font-family=\"sans-serif\" font-size=\"11\">%n", width, height));
        w.write(String.format(Locale.ROOT, "<rect width=\"%.0f\" height=\"%.0f\" fill=\"#ffffff\"/>%n",
            width, height));
        double y = 0;
        for (int i = 0; i < views.size(); i++) {
          TimelineView v = views.get(i);
          w.write(String.format(Locale.ROOT, "<text x=\"6\" y=\"%.0f\" font-weight=\"bold\">%s</text>%n",
              y + TITLE - 6, escape(titles.get(i))));
          w.write(String.format(Locale.ROOT, "<g transform=\"translate(0 %.0f)\">%n", y + TITLE));
          write(v.trace(), v.window(), v.rows(), w);
          w.write("</g>\n");
          y += TITLE + AXIS + v.rows().height();
        }
        w.write("</svg>\n");
      }
      Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } finally {
      Files.deleteIfExists(tmp);
    }
  }

  /** Writes {@code trace} through {@code viewport} with {@code layout} as SVG elements to {@code w}. */
  static void write(TraceFile trace, Viewport viewport, RowLayout layout, Writer w) throws IOException {
    double width = GUTTER + viewport.widthPx();
    double height = AXIS + layout.height();
    for (TimeTicks.Tick t : TimeTicks.ticks(viewport, 110)) {
      double x = GUTTER + viewport.x(t.ps());
      w.write(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.0f\" x2=\"%.1f\" y2=\"%.0f\""
          + " stroke=\"#d8d8d8\"/><text x=\"%.1f\" y=\"%.0f\">%s</text>%n", x, AXIS - 6, x, height,
          x + 3, AXIS - 8, escape(t.label())));
    }
    for (RowKind kind : RowKind.values()) {
      lanes(trace, viewport, layout, kind, w);
    }
    List<Arrow> arrows = trace.arrows(viewport.startPs(), viewport.endPs());
    if (arrows.size() <= TimelineView.MAX_ARROWS) {
      for (Arrow a : arrows) {
        RowLayout.Line from = a.fromTask() < 0 ? null : layout.lane(RowKind.TASK, a.fromTask());
        RowLayout.Line to = a.toTask() < 0 ? null : layout.lane(RowKind.TASK, a.toTask());
        if (from != null && to != null) {
          w.write(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\""
              + " stroke=\"%s\"/>%n", GUTTER + viewport.x(a.fromPs()), AXIS + from.y() + RowLayout.LANE_PX / 2,
              GUTTER + viewport.x(a.toPs()), AXIS + to.y() + RowLayout.LANE_PX / 2,
              hex(Palette.arrow(a.kind().ordinal()))));
        }
      }
    } else {
      w.write(String.format(Locale.ROOT, "<text x=\"%.0f\" y=\"%.0f\" text-anchor=\"end\""
          + " fill=\"#b00020\">%,d arrows hidden: zoom in</text>%n", width - 8, AXIS - 8, arrows.size()));
    }
  }

  private static void lanes(TraceFile trace, Viewport viewport, RowLayout layout, RowKind kind,
      Writer w) throws IOException {
    List<RowLayout.Line> lines = layout.lines().stream().filter(l -> l.kind() == kind).toList();
    List<RowLayout.Line> lanes = lines.stream().filter(RowLayout.Line::lane).toList();
    for (RowLayout.Line l : lines) {
      if (l.lane() || l.header()) {
        w.write(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\"%s>%s</text>%n",
            l.header() ? 6 : 14, AXIS + l.y() + l.height() / 2 + 4,
            l.header() ? " font-weight=\"bold\"" : "", escape(l.label())));
      }
    }
    if (lanes.isEmpty()) {
      return;
    }
    int[] rows = lanes.stream().mapToInt(RowLayout.Line::index).toArray();
    List<List<SummarySpan>> spans = trace.summaries(kind, rows, viewport.startPs(),
        viewport.endPs(), viewport.psPerPixel());
    for (int i = 0; i < lanes.size(); i++) {
      double y = AXIS + lanes.get(i).y() + 1;
      for (SummarySpan s : spans.get(i)) {
        double x0 = Math.max(GUTTER, GUTTER + viewport.x(s.startPs()));
        double x1 = GUTTER + viewport.x(s.endPs());
        double width = Math.max(1, x1 - x0);
        double h = RowLayout.LANE_PX - 2;
        if (!s.merged() || kind == RowKind.LOCK) {
          rect(w, x0, y, width, h, Palette.of(kind, s));
          continue;
        }
        double covered = 0;
        int[] order = Palette.stackOrder(kind);
        double[] shares = Palette.stackShares(kind, s);
        for (int k = 0; k < order.length; k++) {
          double part = h * shares[k];
          if (part > 0) {
            rect(w, x0, y + h - covered - part, width, part, Palette.of(kind, order[k], -1));
            covered += part;
          }
        }
      }
    }
  }

  private static void rect(Writer w, double x, double y, double width, double h, Color fill)
      throws IOException {
    w.write(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.2f\" width=\"%.1f\" height=\"%.2f\""
        + " fill=\"%s\"/>%n", x, y, width, h, hex(fill)));
  }

  static String hex(Color c) {
    return String.format(Locale.ROOT, "#%02x%02x%02x", Math.round(c.getRed() * 255),
        Math.round(c.getGreen() * 255), Math.round(c.getBlue() * 255));
  }

  private static String escape(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }
}
