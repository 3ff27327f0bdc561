package org.locksim.ui.view;

import java.util.ArrayList;
import java.util.List;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Orientation;
import javafx.geometry.VPos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.ScrollBar;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.TextAlignment;
import org.locksim.trace.Arrow;
import org.locksim.trace.RowKind;
import org.locksim.trace.SummarySpan;
import org.locksim.trace.TraceFile;
import org.locksim.ui.timeline.Describer;
import org.locksim.ui.timeline.RowLayout;
import org.locksim.ui.timeline.TimeTicks;
import org.locksim.ui.timeline.Viewport;

/**
 * A trace's timeline: a time axis, a lane per CPU, task and lock, and the arrows between tasks
 * (hand-offs, wakeups, migrations). Every redraw asks the trace for level-of-detail summaries
 * of the visible window at one pixel's resolution ({@link TraceFile#summaries}), so the cost of
 * a frame depends on the pixels shown rather than on the length of the run.
 *
 * <p>The wheel zooms around the pointer (over the names it scrolls the lanes, as does
 * shift+wheel), dragging pans, a double click shows the whole run; W/S zoom and A/D pan as in
 * Perfetto. What is under the pointer is described in {@link #underPointerProperty()}.
 */
public final class TimelineView extends Region {
  /** Width of the names on the left, pixels. */
  public static final double GUTTER_PX = 240;
  /** Height of the time axis at the top, pixels. */
  public static final double AXIS_PX = 24;
  /** At most this many arrows are drawn; with more in view they wait for a closer zoom. */
  public static final int MAX_ARROWS = 4000;

  private static final double ZOOM_STEP = 1.25;
  private static final Font LABEL = Font.font("System", 11);
  private static final Font HEADER = Font.font("System", FontWeight.BOLD, 11);
  private static final Color GRID = Color.web("#d8d8d8");
  private static final Color HEADER_FILL = Color.web("#f4f4f4");

  private final TraceFile trace;
  private final Viewport viewport;
  private final Describer describer;
  private final Canvas base = new Canvas();
  private final Canvas overlay = new Canvas();
  private final ScrollBar lanesBar = new ScrollBar();
  private final ReadOnlyStringWrapper hover = new ReadOnlyStringWrapper("");
  private final ReadOnlyStringWrapper note = new ReadOnlyStringWrapper("");
  private final Runnable onViewport = this::redraw;
  private RowLayout layout;
  private boolean showArrows = true;
  private double pointerX = -1;
  private double dragX;
  private double dragY;
  private int drawnArrows;

  /** A view of {@code trace} through {@code viewport}, which other views may share. */
  public TimelineView(TraceFile trace, Viewport viewport) {
    this.trace = trace;
    this.viewport = viewport;
    this.describer = new Describer(trace);
    lanesBar.setOrientation(Orientation.VERTICAL);
    lanesBar.valueProperty().addListener((o, a, b) -> redraw());
    overlay.setMouseTransparent(true);
    getChildren().addAll(base, overlay, lanesBar);
    setFocusTraversable(true);
    setMinSize(GUTTER_PX + 100, AXIS_PX + 3 * RowLayout.LANE_PX);
    setPrefSize(1000, 400);
    showSections(true, true, true);
    viewport.addListener(onViewport);
    setOnScroll(this::scrolled);
    setOnMousePressed(this::pressed);
    setOnMouseDragged(this::dragged);
    setOnMouseMoved(this::moved);
    setOnMouseExited(e -> pointerAt(-1, -1));
    setOnMouseClicked(e -> {
      if (e.getButton() == MouseButton.PRIMARY && e.getClickCount() == 2) {
        viewport.fit();
      }
    });
    setOnKeyPressed(this::key);
  }

  /** Chooses which sections have lanes; the view keeps its time window. */
  public void showSections(boolean cpus, boolean tasks, boolean locks) {
    RowLayout.Builder b = RowLayout.builder();
    if (cpus) {
      b.section(RowKind.CPU, "CPUs", trace.cpuNames());
    }
    if (tasks) {
      b.section(RowKind.TASK, "Tasks", trace.taskNames());
    }
    if (locks) {
      b.section(RowKind.LOCK, "Locks", trace.lockNames());
    }
    layout = b.build();
    updateLanesBar();
    redraw();
  }

  /** Shows or hides the arrows between tasks. */
  public void showArrows(boolean show) {
    showArrows = show;
    redraw();
  }

  /** Stops following the viewport; call when the view is taken out of the window. */
  public void dispose() {
    viewport.removeListener(onViewport);
  }

  public Viewport viewport() {
    return viewport;
  }

  public RowLayout rows() {
    return layout;
  }

  /** Returns the description of what is under the pointer, empty when it is elsewhere. */
  public ReadOnlyStringProperty underPointerProperty() {
    return hover.getReadOnlyProperty();
  }

  /** Returns what the last frame left out (arrows when there are too many), or empty. */
  public ReadOnlyStringProperty noteProperty() {
    return note.getReadOnlyProperty();
  }

  /** Returns how many arrows the last frame drew. */
  public int drawnArrows() {
    return drawnArrows;
  }

  /** Returns the canvas's y of the top of {@code line}, given the current scroll. */
  public double yOf(RowLayout.Line line) {
    return AXIS_PX + line.y() - lanesBar.getValue();
  }

  /** Returns the canvas's x of time {@code ps}. */
  public double xOf(long ps) {
    return GUTTER_PX + viewport.x(ps);
  }

  @Override
  protected void layoutChildren() {
    double barW = lanesBar.prefWidth(-1);
    double w = Math.max(0, getWidth() - barW);
    double h = getHeight();
    base.setWidth(w);
    base.setHeight(h);
    overlay.setWidth(w);
    overlay.setHeight(h);
    lanesBar.resizeRelocate(w, AXIS_PX, barW, Math.max(0, h - AXIS_PX));
    updateLanesBar();
    if (Math.abs(viewport.widthPx() - (w - GUTTER_PX)) > 0.5) {
      viewport.setWidth(w - GUTTER_PX);
    } else {
      redraw();
    }
  }

  private void updateLanesBar() {
    double visible = Math.max(1, getHeight() - AXIS_PX);
    double max = Math.max(0, layout.height() - visible);
    lanesBar.setMin(0);
    lanesBar.setMax(max);
    lanesBar.setVisibleAmount(max == 0 ? 1 : visible * max / layout.height());
    lanesBar.setUnitIncrement(RowLayout.LANE_PX);
    lanesBar.setBlockIncrement(visible);
    lanesBar.setValue(Math.min(lanesBar.getValue(), max));
    lanesBar.setDisable(max == 0);
  }

  /** Draws the frame: grid, lanes, arrows, names, axis; then the pointer's line. */
  public void redraw() {
    double w = base.getWidth();
    double h = base.getHeight();
    GraphicsContext g = base.getGraphicsContext2D();
    g.setFill(Palette.EMPTY);
    g.fillRect(0, 0, w, h);
    if (w <= GUTTER_PX || h <= AXIS_PX) {
      return;
    }
    List<TimeTicks.Tick> ticks = TimeTicks.ticks(viewport, 110);
    List<RowLayout.Line> visible = visibleLines(h);
    g.save();
    g.beginPath();
    g.rect(GUTTER_PX, AXIS_PX, w - GUTTER_PX, h - AXIS_PX);
    g.clip();
    drawHeaders(g, visible, w);
    g.setStroke(GRID);
    g.setLineWidth(1);
    for (TimeTicks.Tick t : ticks) {
      double x = Math.floor(xOf(t.ps())) + 0.5;
      g.strokeLine(x, AXIS_PX, x, h);
    }
    for (RowKind kind : RowKind.values()) {
      drawLanes(g, kind, visible);
    }
    drawArrows(g);
    g.restore();
    drawNames(g, visible, h);
    drawAxis(g, ticks, w);
    drawPointer();
  }

  private List<RowLayout.Line> visibleLines(double h) {
    double top = lanesBar.getValue();
    double bottom = top + h - AXIS_PX;
    List<RowLayout.Line> out = new ArrayList<>();
    for (RowLayout.Line l : layout.lines()) {
      if (l.y() + l.height() > top && l.y() < bottom) {
        out.add(l);
      }
    }
    return out;
  }

  private void drawHeaders(GraphicsContext g, List<RowLayout.Line> visible, double w) {
    g.setFill(HEADER_FILL);
    for (RowLayout.Line l : visible) {
      if (l.header()) {
        g.fillRect(GUTTER_PX, yOf(l), w - GUTTER_PX, l.height());
      }
    }
  }

  private void drawLanes(GraphicsContext g, RowKind kind, List<RowLayout.Line> visible) {
    List<RowLayout.Line> lanes = visible.stream()
        .filter(l -> l.kind() == kind && !l.header()).toList();
    if (lanes.isEmpty()) {
      return;
    }
    int[] rows = lanes.stream().mapToInt(RowLayout.Line::index).toArray();
    List<List<SummarySpan>> spans = trace.summaries(kind, rows, viewport.startPs(),
        viewport.endPs(), viewport.psPerPixel());
    for (int i = 0; i < lanes.size(); i++) {
      double y = yOf(lanes.get(i)) + 1;
      double hLane = RowLayout.LANE_PX - 2;
      for (SummarySpan s : spans.get(i)) {
        double x0 = xOf(s.startPs());
        double x1 = xOf(s.endPs());
        g.setFill(Palette.of(kind, s));
        g.fillRect(x0, y, Math.max(1, x1 - x0), hLane);
      }
    }
  }

  private void drawArrows(GraphicsContext g) {
    drawnArrows = 0;
    if (!showArrows) {
      note.set("");
      return;
    }
    List<Arrow> arrows = trace.arrows(viewport.startPs(), viewport.endPs());
    if (arrows.size() > MAX_ARROWS) {
      note.set(String.format("%,d arrows in view: zoom in to see them", arrows.size()));
      return;
    }
    note.set("");
    g.setLineWidth(1);
    for (Arrow a : arrows) {
      RowLayout.Line from = a.fromTask() < 0 ? null : layout.lane(RowKind.TASK, a.fromTask());
      RowLayout.Line to = a.toTask() < 0 ? null : layout.lane(RowKind.TASK, a.toTask());
      if (from == null || to == null) {
        continue;
      }
      double x0 = xOf(a.fromPs());
      double y0 = yOf(from) + RowLayout.LANE_PX / 2;
      double x1 = xOf(a.toPs());
      double y1 = yOf(to) + RowLayout.LANE_PX / 2;
      g.setStroke(Palette.arrow(a.kind().ordinal()));
      g.strokeLine(x0, y0, x1, y1);
      double angle = Math.atan2(y1 - y0, x1 - x0);
      for (double side : new double[] {-0.45, 0.45}) {
        g.strokeLine(x1, y1, x1 - 6 * Math.cos(angle + side), y1 - 6 * Math.sin(angle + side));
      }
      drawnArrows++;
    }
  }

  private void drawNames(GraphicsContext g, List<RowLayout.Line> visible, double h) {
    g.setFill(Color.WHITE);
    g.fillRect(0, AXIS_PX, GUTTER_PX, h - AXIS_PX);
    g.save();
    g.beginPath();
    g.rect(0, AXIS_PX, GUTTER_PX - 4, h - AXIS_PX);
    g.clip();
    g.setTextBaseline(VPos.CENTER);
    g.setTextAlign(TextAlignment.LEFT);
    for (RowLayout.Line l : visible) {
      double y = yOf(l);
      if (l.header()) {
        g.setFill(HEADER_FILL);
        g.fillRect(0, y, GUTTER_PX, l.height());
        g.setFont(HEADER);
        g.setFill(Color.BLACK);
        g.fillText(l.label(), 6, y + l.height() / 2);
      } else {
        g.setFont(LABEL);
        g.setFill(Color.web("#333333"));
        g.fillText(l.label(), 14, y + l.height() / 2);
      }
    }
    g.restore();
    g.setStroke(GRID);
    g.strokeLine(GUTTER_PX - 0.5, AXIS_PX, GUTTER_PX - 0.5, h);
  }

  private void drawAxis(GraphicsContext g, List<TimeTicks.Tick> ticks, double w) {
    g.setFill(Color.WHITE);
    g.fillRect(0, 0, w, AXIS_PX);
    g.setStroke(Color.web("#999999"));
    g.strokeLine(0, AXIS_PX - 0.5, w, AXIS_PX - 0.5);
    g.setFont(LABEL);
    g.setFill(Color.web("#333333"));
    g.setTextBaseline(VPos.CENTER);
    g.setTextAlign(TextAlignment.LEFT);
    g.fillText(org.locksim.trace.Picos.format(viewport.spanPs()) + " in view", 6, AXIS_PX / 2);
    g.save();
    g.beginPath();
    g.rect(GUTTER_PX, 0, w - GUTTER_PX, AXIS_PX);
    g.clip();
    for (TimeTicks.Tick t : ticks) {
      double x = Math.floor(xOf(t.ps())) + 0.5;
      g.strokeLine(x, AXIS_PX - 6, x, AXIS_PX);
      g.fillText(t.label(), x + 3, AXIS_PX / 2 - 1);
    }
    g.restore();
  }

  private void drawPointer() {
    GraphicsContext g = overlay.getGraphicsContext2D();
    g.clearRect(0, 0, overlay.getWidth(), overlay.getHeight());
    if (pointerX >= GUTTER_PX && pointerX < overlay.getWidth()) {
      g.setStroke(Color.web("#000000", 0.6));
      g.setLineWidth(1);
      double x = Math.floor(pointerX) + 0.5;
      g.strokeLine(x, AXIS_PX, x, overlay.getHeight());
    }
  }

  private void scrolled(ScrollEvent e) {
    double delta = e.getDeltaY() != 0 ? e.getDeltaY() : e.getDeltaX();
    if (delta == 0) {
      return;
    }
    if (e.isShiftDown() || e.getX() < GUTTER_PX) {
      lanesBar.setValue(clampLanes(lanesBar.getValue() - delta));
    } else {
      viewport.zoomAt(e.getX() - GUTTER_PX, delta > 0 ? ZOOM_STEP : 1 / ZOOM_STEP);
    }
    pointerAt(e.getX(), e.getY());
    e.consume();
  }

  private void pressed(MouseEvent e) {
    requestFocus();
    dragX = e.getX();
    dragY = e.getY();
  }

  private void dragged(MouseEvent e) {
    double dx = e.getX() - dragX;
    double dy = e.getY() - dragY;
    dragX = e.getX();
    dragY = e.getY();
    lanesBar.setValue(clampLanes(lanesBar.getValue() - dy));
    viewport.panPx(dx);
    pointerAt(e.getX(), e.getY());
  }

  private void moved(MouseEvent e) {
    pointerAt(e.getX(), e.getY());
  }

  private void key(KeyEvent e) {
    double anchor = pointerX >= GUTTER_PX ? pointerX - GUTTER_PX : viewport.widthPx() / 2;
    switch (e.getCode()) {
      case W -> viewport.zoomAt(anchor, ZOOM_STEP);
      case S -> viewport.zoomAt(anchor, 1 / ZOOM_STEP);
      case A -> viewport.panPx(viewport.widthPx() / 5);
      case D -> viewport.panPx(-viewport.widthPx() / 5);
      case HOME -> viewport.fit();
      default -> {
        return;
      }
    }
    e.consume();
  }

  private double clampLanes(double v) {
    return Math.max(lanesBar.getMin(), Math.min(lanesBar.getMax(), v));
  }

  /** Moves the pointer's line to {@code (x, y)} and describes what is there. */
  public void pointerAt(double x, double y) {
    pointerX = x;
    drawPointer();
    RowLayout.Line line = x >= GUTTER_PX && y >= AXIS_PX
        ? layout.at(y - AXIS_PX + lanesBar.getValue()) : null;
    hover.set(line == null ? "" : describer.describe(line, viewport.ps(x - GUTTER_PX)));
  }
}
