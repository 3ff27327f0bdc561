package org.locksim.ui.view;

import java.util.List;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import org.locksim.trace.Arrow;
import org.locksim.trace.CounterKind;
import org.locksim.trace.RowKind;
import org.locksim.trace.TraceFile;
import org.locksim.ui.search.Search;
import org.locksim.ui.timeline.CounterStore;
import org.locksim.ui.timeline.Describer;
import org.locksim.ui.timeline.Marks;
import org.locksim.ui.timeline.RowLayout;
import org.locksim.ui.timeline.TimeTicks;
import org.locksim.ui.timeline.Viewport;

/**
 * A trace's timeline: a time axis, a lane per CPU, task and lock, and the arrows between tasks
 * (hand-offs, wakeups, migrations). Every redraw reads level-of-detail summaries of the visible
 * window at one pixel's resolution from the trace's {@link org.locksim.trace.LodIndex}, built
 * once in the background when the view opens, so the cost of a frame depends on the pixels
 * shown rather than on the length of the run.
 *
 * <p>The wheel zooms around the pointer (over the names it scrolls the lanes, as does
 * shift+wheel), dragging pans, a double click shows the whole run; W/S zoom and A/D pan as in
 * Perfetto. A drag on the time axis selects an interval, a shift-drag selects it over the
 * lanes it crosses, a click on the axis puts the replay cursor there (Esc clears the
 * selection); the {@link Marks} they set are drawn on an overlay. Counter tracks, when shown,
 * sit under their CPU or lock. What is under the pointer is described in
 * {@link #underPointerProperty()}.
 */
public final class TimelineView extends Region {
  /** Width of the names on the left, pixels. */
  public static final double GUTTER_PX = 240;
  /** Height of the time axis at the top, pixels. */
  public static final double AXIS_PX = 24;
  /** At most this many arrows are drawn; with more in view they wait for a closer zoom. */
  public static final int MAX_ARROWS = 4000;

  private static final Color GRID = FrameDecor.GRID;

  private final TraceFile trace;
  private final Viewport viewport;
  private final Marks marks;
  private final FrameDecor decor = new FrameDecor(this);
  private final SelectionDrag drag = new SelectionDrag(this);
  private final Describer describer;
  private final Canvas base = new Canvas();
  private final Canvas overlay = new Canvas();
  private final LaneScroll lanesBar = new LaneScroll(this::redraw);
  private final ReadOnlyStringWrapper hover = new ReadOnlyStringWrapper("");
  private final ReadOnlyStringWrapper note = new ReadOnlyStringWrapper("");
  private final Runnable onViewport = this::redraw;
  private final Runnable onMarks = this::drawPointer;
  private final CounterTracks counterTracks;
  private final LaneSource source;
  private final LanePainter lanes;
  private Search search;
  private boolean showCpus = true;
  private boolean showTasks = true;
  private boolean showLocks = true;
  private boolean showCounters;
  private RowLayout layout;
  private boolean showArrows = true;
  private double pointerX = -1;
  private int drawnArrows;
  private long shiftPs;

  /** A view of {@code trace} through {@code viewport}, which other views may share. */
  public TimelineView(TraceFile trace, Viewport viewport) {
    this(trace, viewport, new Marks());
  }

  /** A view of {@code trace} through {@code viewport} and {@code marks}, which other views may share. */
  public TimelineView(TraceFile trace, Viewport viewport, Marks marks) {
    this.trace = trace;
    this.viewport = viewport;
    this.marks = marks;
    this.source = new LaneSource(trace, this::redraw);
    this.counterTracks = new CounterTracks(trace, source);
    this.lanes = new LanePainter(this, new SliceLabels(trace), source);
    source.build(this::redraw);
    this.describer = new Describer(trace);
    overlay.setMouseTransparent(true);
    getChildren().addAll(base, overlay, lanesBar.node());
    setFocusTraversable(true);
    setMinSize(GUTTER_PX + 100, AXIS_PX + 3 * RowLayout.LANE_PX);
    setPrefSize(1000, 400);
    showSections(true, true, true);
    viewport.addListener(onViewport);
    marks.addListener(onMarks);
    setOnScroll(e -> ViewInput.scrolled(this, e));
    setOnMousePressed(e -> {
      requestFocus();
      drag.pressed(e.getX(), e.getY(), e.isShiftDown());
    });
    setOnMouseDragged(e -> {
      drag.dragged(e.getX(), e.getY());
      pointerAt(e.getX(), e.getY());
    });
    setOnMouseReleased(e -> drag.released(e.getX()));
    setOnMouseMoved(e -> pointerAt(e.getX(), e.getY()));
    setOnMouseExited(e -> pointerAt(-1, -1));
    setOnMouseClicked(e -> {
      if (e.getButton() == MouseButton.PRIMARY && e.getClickCount() == 2) {
        viewport.fit();
      }
    });
    setOnKeyPressed(e -> ViewInput.key(this, e, pointerX));
  }

  /** Chooses which sections have lanes; the view keeps its time window. */
  public void showSections(boolean cpus, boolean tasks, boolean locks) {
    showCpus = cpus;
    showTasks = tasks;
    showLocks = locks;
    CounterStore c = showCounters ? counterTracks.store() : null;
    RowLayout.Builder b = RowLayout.builder();
    if (cpus) {
      b.section(RowKind.CPU, "CPUs", trace.cpuNames(), CounterKind.RUNQUEUE,
          i -> c != null && c.has(CounterKind.RUNQUEUE, i));
    }
    if (tasks) {
      b.section(RowKind.TASK, "Tasks", trace.taskNames());
    }
    if (locks) {
      b.section(RowKind.LOCK, "Locks", trace.lockNames(), CounterKind.WAITERS,
          i -> c != null && c.has(CounterKind.WAITERS, i));
    }
    layout = b.build();
    updateLanesBar();
    redraw();
  }

  /**
   * Shows or hides the counter tracks (run queue under each CPU, waiters under each lock); the
   * first time, the counters are read on a background thread and appear when they are ready.
   */
  public void showCounters(boolean show) {
    showCounters = show;
    if (show) {
      counterTracks.load(() -> showSections(showCpus, showTasks, showLocks));
    }
    showSections(showCpus, showTasks, showLocks);
  }

  /** Reads the counters on the calling thread if they are shown and not read yet (for pictures). */
  public void awaitCounters() {
    if (showCounters && counterTracks.store() == null) {
      counterTracks.loadNow();
      showSections(showCpus, showTasks, showLocks);
    }
  }

  /** Builds the level-of-detail index now unless it is built (for pictures and benchmarks). */
  public void awaitLevelOfDetail() {
    source.buildNow();
  }

  /**
   * Reads the lanes of a window finer than the index's finest bucket within the frame that
   * shows it ({@code true}, for pictures), or on a background thread when it holds more than a
   * few milliseconds of reading, the frame drawn meanwhile at the finest bucket's resolution
   * ({@code false}, the default).
   */
  public void readDetailInFrame(boolean inFrame) {
    source.readDetailInFrame(inFrame);
  }

  /**
   * Reads the lanes and counters from the level-of-detail summaries ({@code true}, the default,
   * once built) or from the trace and every sample at each frame, as before the summaries (for
   * the frame benchmark's comparison).
   */
  public void useLevelOfDetailIndex(boolean use) {
    source.useIndex(use);
    counterTracks.useLevels(use);
  }

  /** Where the lanes are read from (for tests). */
  LaneSource laneSource() {
    return source;
  }

  /** Draws the counter tracks from their buckets ({@code true}, the default) or their samples. */
  void useCounterLevels(boolean use) {
    counterTracks.useLevels(use);
  }

  /** Shows or hides the arrows between tasks. */
  public void showArrows(boolean show) {
    showArrows = show;
    redraw();
  }

  /** Stops following the viewport; call when the view is taken out of the window. */
  public void dispose() {
    viewport.removeListener(onViewport);
    marks.removeListener(onMarks);
    source.close();
  }

  /** Marks the lanes {@code s} matched (null: none). */
  public void setSearch(Search s) {
    search = s;
    redraw();
  }

  public TraceFile trace() {
    return trace;
  }

  public Marks marks() {
    return marks;
  }

  /** Scrolls the lanes so that {@code line} is in view. */
  public void reveal(RowLayout.Line line) {
    lanesBar.reveal(line, Math.max(1, getHeight() - AXIS_PX));
  }

  /** Returns the y of the lanes' top at canvas y {@code y}, given the scroll. */
  double layoutY(double y) {
    return y - AXIS_PX + lanesBar.top();
  }

  /** Returns the viewport the views share: times of the shared axis. */
  public Viewport viewport() {
    return viewport;
  }

  /**
   * Moves this trace along the shared axis: its time {@code t} is drawn where the axis has
   * {@code t + shiftPs} (another trace aligned at an event sits under it). The marks keep the
   * axis's times; the view's own axis, its lanes and its descriptions show the trace's times.
   */
  public void setShift(long shiftPs) {
    this.shiftPs = shiftPs;
    redraw();
  }

  /** Returns how far this trace is moved along the shared axis, picoseconds. */
  public long shiftPs() {
    return shiftPs;
  }

  /** Returns the visible window in this trace's times: the shared viewport, less the shift. */
  public Viewport window() {
    return shiftPs == 0 ? viewport : viewport.shiftedBy(-shiftPs);
  }

  public RowLayout rows() {
    return layout;
  }

  /** Returns the description of what is under the pointer, empty when it is elsewhere. */
  public ReadOnlyStringProperty underPointerProperty() {
    return hover.getReadOnlyProperty();
  }

  /**
   * Returns what the last frame left out (arrows when there are too many) or drew coarser than
   * its pixels (lanes while their detail is read), or empty.
   */
  public ReadOnlyStringProperty noteProperty() {
    return note.getReadOnlyProperty();
  }

  /** Returns how many arrows the last frame drew. */
  public int drawnArrows() {
    return drawnArrows;
  }

  /** Returns the canvas's y of the top of {@code line}, given the current scroll. */
  public double yOf(RowLayout.Line line) {
    return AXIS_PX + line.y() - lanesBar.top();
  }

  /** Returns the canvas's x of this trace's time {@code ps}. */
  public double xOf(long ps) {
    return GUTTER_PX + viewport.x(ps + shiftPs);
  }

  /** Returns the canvas's x of the shared axis's time {@code ps} (the marks' times). */
  public double axisXOf(long ps) {
    return GUTTER_PX + viewport.x(ps);
  }

  @Override
  protected void layoutChildren() {
    double barW = lanesBar.node().prefWidth(-1);
    double w = Math.max(0, getWidth() - barW);
    double h = getHeight();
    base.setWidth(w);
    base.setHeight(h);
    overlay.setWidth(w);
    overlay.setHeight(h);
    lanesBar.node().resizeRelocate(w, AXIS_PX, barW, Math.max(0, h - AXIS_PX));
    updateLanesBar();
    if (Math.abs(viewport.widthPx() - (w - GUTTER_PX)) > 0.5) {
      viewport.setWidth(w - GUTTER_PX);
    } else {
      redraw();
    }
  }

  private void updateLanesBar() {
    lanesBar.fit(layout.height(), Math.max(1, getHeight() - AXIS_PX));
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
    Viewport window = window();
    List<TimeTicks.Tick> ticks = TimeTicks.ticks(window, 110);
    List<RowLayout.Line> visible = lanesBar.visibleLines(layout, h - AXIS_PX);
    g.save();
    g.beginPath();
    g.rect(GUTTER_PX, AXIS_PX, w - GUTTER_PX, h - AXIS_PX);
    g.clip();
    decor.headers(g, visible, w);
    g.setStroke(GRID);
    g.setLineWidth(1);
    for (TimeTicks.Tick t : ticks) {
      double x = Math.floor(xOf(t.ps())) + 0.5;
      g.strokeLine(x, AXIS_PX, x, h);
    }
    boolean pending = source.pending(window.startPs(), window.endPs());
    for (RowKind kind : pending ? new RowKind[0] : RowKind.values()) {
      lanes.draw(g, kind, window, visible);
    }
    counterTracks.draw(g, this, window, visible);
    if (pending) {
      drawnArrows = 0;
      note.set("summarising the trace for drawing: zoom in, or wait a moment");
    } else {
      drawArrows(g, window);
      note.set(source.withDetailNote(note.get(), window.startPs(), window.endPs(), window.psPerPixel()));
    }
    g.restore();
    decor.names(g, visible, h, l -> search != null && l.lane() && search.marks(l.kind(), l.index()));
    decor.axis(g, ticks, w, note.get());
    drawPointer();
  }

  private void drawArrows(GraphicsContext g, Viewport window) {
    drawnArrows = 0;
    if (!showArrows) {
      note.set("");
      return;
    }
    // Far too many to draw: say so without reading them (the whole run's count is exact).
    long about = source.arrowsAbout(window.startPs(), window.endPs());
    if (about > 2L * MAX_ARROWS) {
      note.set(String.format("%,d arrows hidden: zoom in", about));
      return;
    }
    List<Arrow> arrows = source.arrows(window.startPs(), window.endPs());
    if (arrows.size() > MAX_ARROWS) {
      note.set(String.format("%,d arrows hidden: zoom in", arrows.size()));
      return;
    }
    note.set("");
    drawnArrows = ArrowPainter.draw(g, this, arrows);
  }

  private void drawPointer() {
    MarksPainter.paint(overlay.getGraphicsContext2D(), this, marks, pointerX);
  }

  /** Scrolls the lanes up by {@code dy} pixels (down for a negative one). */
  void scrollLanes(double dy) {
    lanesBar.scrollBy(dy);
  }

  /** Moves the pointer's line to {@code (x, y)} and describes what is there. */
  public void pointerAt(double x, double y) {
    pointerX = x;
    drawPointer();
    RowLayout.Line line = x >= GUTTER_PX && y >= AXIS_PX
        ? layout.at(y - AXIS_PX + lanesBar.top()) : null;
    hover.set(line == null ? "" : describer.describe(line, viewport.ps(x - GUTTER_PX) - shiftPs));
  }
}
