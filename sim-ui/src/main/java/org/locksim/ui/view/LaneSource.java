package org.locksim.ui.view;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.FutureTask;
import javafx.application.Platform;
import org.locksim.trace.Arrow;
import org.locksim.trace.CounterKind;
import org.locksim.trace.LodIndex;
import org.locksim.trace.RowKind;
import org.locksim.trace.SummarySpan;
import org.locksim.trace.TraceFile;
import org.locksim.ui.timeline.CounterStore;

/**
 * Where a view's lanes are read from: the trace's {@link LodIndex}, built once on a background
 * thread after the trace opens (a frame then costs a few spans per pixel, however long the
 * run; finer than its finest bucket, a window read from the file and kept while frames stay in
 * it, read on a background thread when it holds more than a few milliseconds of reading, the
 * frame drawn meanwhile from the finest bucket: {@link DetailReads}), and the trace itself until the index is ready (unless the window holds too much of the
 * trace to read in a frame: then the view waits, {@link #pending}) or when it is turned off. The
 * index takes a share of the heap ({@link LodIndex#budgetFor}).
 */
final class LaneSource {
  /** Records a frame may read from the file while the index is built: about 100 ms of reading. */
  static final long READ_LIMIT = 1_000_000;

  private final TraceFile trace;
  private final FutureTask<LodIndex> task;
  private final LaneWindowCache gap;
  private final DetailReads detail;
  private volatile LodIndex index;
  private boolean started;
  private boolean useIndex = true;

  /** The lanes of {@code trace}; {@code redraw} runs on the FX thread when finer lanes were read. */
  LaneSource(TraceFile trace, Runnable redraw) {
    this(trace, redraw, null, Platform::runLater);
  }

  /**
   * As {@link #LaneSource(TraceFile, Runnable)}, reading finer lanes on {@code background} (null:
   * a thread of the view's own) and handing them back through {@code fx} (for tests).
   */
  LaneSource(TraceFile trace, Runnable redraw, Executor background, Executor fx) {
    this.trace = trace;
    // Beyond a frame, read at most about READ_LIMIT more records (from the average density).
    long span = Math.max(1, trace.endPs() - trace.startPs());
    long margin = (long) Math.min(span, (double) READ_LIMIT * span / Math.max(1, trace.recordCount()) / 2);
    this.gap = new LaneWindowCache(trace::summaries, trace.startPs(), margin);
    this.detail = new DetailReads(gap, (double) trace.recordCount() / span, background, fx, redraw);
    this.task = new FutureTask<>(
        () -> LodIndex.build(trace, LodIndex.budgetFor(Runtime.getRuntime().maxMemory())));
  }

  /** Builds the index on a background thread, once, then runs {@code done} on the FX thread. */
  void build(Runnable done) {
    if (started) {
      return;
    }
    started = true;
    Thread t = new Thread(() -> {
      task.run();
      built().ifPresent(i -> Platform.runLater(() -> {
        index = i;
        done.run();
      }));
    }, "locksim-level-of-detail");
    t.setDaemon(true);
    t.setPriority(Thread.MIN_PRIORITY);
    t.start();
  }

  /** Builds the index now, on the calling thread (or waits for the background build). */
  void buildNow() {
    task.run();
    index = built().orElseThrow(() -> new IllegalStateException("the level-of-detail index of "
        + trace.path() + " could not be built"));
  }

  /** Reads lanes from the index when it is ready ({@code true}, the default) or from the trace. */
  void useIndex(boolean use) {
    useIndex = use;
  }

  /**
   * True while the index is being built and {@code [fromPs, toPs)} holds more records than a
   * frame may read from the file (about, from the trace's average density): the view waits.
   */
  boolean pending(long fromPs, long toPs) {
    if (index != null || !useIndex) {
      return false;
    }
    long span = Math.max(1, trace.endPs() - trace.startPs());
    return (double) trace.recordCount() * (toPs - fromPs) / span > READ_LIMIT;
  }

  /**
   * The lanes {@code rows} of {@code kind} over {@code [fromPs, toPs)} at {@code psPerPixel};
   * finer than the index's finest bucket, through {@link DetailReads}: from the last window
   * read from the file when the frame lies inside it, else read now when it is small, else
   * drawn at the finest bucket's resolution until a background read completes.
   */
  List<List<SummarySpan>> summaries(RowKind kind, int[] rows, long fromPs, long toPs, long psPerPixel) {
    LodIndex i = index;
    if (i != null && useIndex && psPerPixel < i.finestPs() && fromPs < toPs) {
      return detail.summaries(i, kind, rows, fromPs, toPs, psPerPixel);
    }
    detail.notShown(kind);
    return i == null || !useIndex ? trace.summaries(kind, rows, fromPs, toPs, psPerPixel)
        : i.summaries(kind, rows, fromPs, toPs, psPerPixel);
  }

  /**
   * The columns of counter {@code track} of {@code kind} ({@link CounterStore#columns}); once
   * the index is built and used, a window read from the file goes through {@link DetailReads}
   * as the lanes' do, and null means the track waits for it.
   */
  double[] counterColumns(CounterStore store, CounterKind kind, int track, long fromPs, long psPerPixel,
      int columns) {
    return index != null && useIndex
        ? detail.counterColumns(store, kind, track, fromPs, psPerPixel, columns)
        : store.columns(kind, track, fromPs, psPerPixel, columns);
  }

  /**
   * What the frame over {@code [fromPs, toPs)} at {@code psPerPixel} drew coarser than its
   * pixels while finer lanes are read ({@link DetailReads#note}), or empty.
   */
  String detailNote(long fromPs, long toPs, long psPerPixel) {
    return detail.note(fromPs, toPs, psPerPixel);
  }

  /** {@code other} (a frame's other note, or empty) after the {@link #detailNote}, if any. */
  String withDetailNote(String other, long fromPs, long toPs, long psPerPixel) {
    String d = detailNote(fromPs, toPs, psPerPixel);
    return d.isEmpty() ? other : other.isEmpty() ? d : d + "; " + other;
  }

  /** How many times frames finer than the index read the file on the calling thread (for tests). */
  long gapReads() {
    return gap.reads();
  }

  /** The background reads of finer lanes (for tests). */
  DetailReads detail() {
    return detail;
  }

  /** Reads finer lanes within the frame ({@code true}, for pictures) or as {@link DetailReads} does. */
  void readDetailInFrame(boolean inFrame) {
    detail.readInFrame(inFrame);
  }

  /** Stops the background reads of finer lanes: the view is gone. */
  void close() {
    detail.close();
  }

  /** The arrows that meet {@code [fromPs, toPs)}, from the index when it is ready. */
  List<Arrow> arrows(long fromPs, long toPs) {
    LodIndex i = index;
    return i != null && useIndex ? i.arrows(fromPs, toPs) : trace.arrows(fromPs, toPs);
  }

  /**
   * About how many arrows start in {@code [fromPs, toPs)} ({@link LodIndex#arrowsAbout}), or -1
   * when the index is not ready or not used.
   */
  long arrowsAbout(long fromPs, long toPs) {
    LodIndex i = index;
    return i != null && useIndex ? i.arrowsAbout(fromPs, toPs) : -1;
  }

  /** The built index; empty if the build failed (the trace was closed under it: the view is gone). */
  private Optional<LodIndex> built() {
    try {
      return Optional.of(task.get());
    } catch (ExecutionException e) {
      return Optional.empty();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.empty();
    }
  }
}
