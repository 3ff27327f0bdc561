package org.locksim.ui.view;

import java.util.List;
import javafx.application.Platform;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import org.locksim.trace.TraceFile;
import org.locksim.ui.timeline.CounterStore;
import org.locksim.ui.timeline.RowLayout;
import org.locksim.ui.timeline.Viewport;

/**
 * Draws the counter tracks of a view as filled step charts, one value per pixel column (the
 * highest the counter reached there, from {@link CounterStore#columns}), scaled to the
 * counter's highest value in the whole run so that zooming never rescales a track; the
 * highest value is written at the track's right end. A track whose window is being read in the
 * background ({@link DetailReads}) is left empty until it is.
 */
final class CounterTracks {
  private static final Color FILL = Color.web("#0072b2", 0.35);
  private static final Color LINE = Color.web("#0072b2");

  private final TraceFile trace;
  private final LaneSource source;
  private volatile CounterStore store;
  private boolean loading;
  private boolean useLevels = true;

  /** The counters of {@code trace}, their windows read as {@code source} reads the lanes'. */
  CounterTracks(TraceFile trace, LaneSource source) {
    this.trace = trace;
    this.source = source;
  }

  CounterStore store() {
    return store;
  }

  /** Reads the counters on a background thread, once, then runs {@code done} on the FX thread. */
  void load(Runnable done) {
    if (store != null || loading) {
      return;
    }
    loading = true;
    Thread t = new Thread(() -> CounterStore.readUnlessClosed(trace).ifPresent(s ->
        Platform.runLater(() -> {
          s.useLevels(useLevels);
          store = s;
          done.run();
        })), "locksim-counters");
    t.setDaemon(true);
    t.start();
  }

  /** Reads the counters now, on the calling thread, unless they are read already. */
  void loadNow() {
    if (store == null) {
      CounterStore s = CounterStore.read(trace);
      s.useLevels(useLevels);
      store = s;
    }
  }

  /** Draws from the counters' levels when zoomed out (the default), or from every sample. */
  void useLevels(boolean use) {
    useLevels = use;
    CounterStore s = store;
    if (s != null) {
      s.useLevels(use);
    }
  }

  void draw(GraphicsContext g, TimelineView view, Viewport window, List<RowLayout.Line> visible) {
    CounterStore s = store;
    if (s == null) {
      return;
    }
    long pp = window.psPerPixel();
    int columns = (int) Math.ceil(window.widthPx());
    for (RowLayout.Line l : visible) {
      if (l.counter() == null) {
        continue;
      }
      long max = Math.max(1, s.max(l.counter(), l.index()));
      double[] v = source.counterColumns(s, l.counter(), l.index(), window.startPs(), pp, columns);
      if (v == null) {
        continue;
      }
      double top = view.yOf(l) + 2;
      double h = l.height() - 4;
      double x0 = TimelineView.GUTTER_PX;
      g.setFill(FILL);
      // One rectangle per run of equal columns: a counter holds its value for many pixels.
      for (int c = 0; c < v.length;) {
        int end = c + 1;
        while (end < v.length && Double.compare(v[end], v[c]) == 0) {
          end++;
        }
        if (!Double.isNaN(v[c]) && v[c] > 0) {
          double bar = h * v[c] / max;
          g.fillRect(x0 + c, top + h - bar, end - c, bar);
        }
        c = end;
      }
      g.setStroke(LINE);
      g.setLineWidth(1);
      g.strokeLine(x0, top + h + 0.5, x0 + columns, top + h + 0.5);
      g.setFill(Color.web("#555555"));
      g.setFont(FrameDecor.LABEL);
      g.setTextAlign(javafx.scene.text.TextAlignment.RIGHT);
      g.setTextBaseline(javafx.geometry.VPos.TOP);
      g.fillText("max " + max, x0 + columns - 4, top);
      g.setTextAlign(javafx.scene.text.TextAlignment.LEFT);
    }
  }
}
