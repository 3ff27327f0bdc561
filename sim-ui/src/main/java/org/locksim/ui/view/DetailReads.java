package org.locksim.ui.view;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.locksim.trace.CounterKind;
import org.locksim.trace.LodIndex;
import org.locksim.trace.Picos;
import org.locksim.trace.RowKind;
import org.locksim.trace.SummarySpan;
import org.locksim.ui.timeline.CounterStore;

/**
 * The lanes (and counter tracks) of frames finer than the level-of-detail index's finest bucket
 * (and the counters' buckets), read without holding the JavaFX thread on the trace file for
 * long. A frame inside the window read last is drawn from it ({@link LaneWindowCache}, {@link
 * CounterStore}); a frame whose window holds few records (at most {@link #SYNC_RECORDS}, from
 * the trace's average density) reads it at once, as a frame of a few milliseconds costs; any
 * other is drawn at once, its lanes from the index's finest level, a coarser picture that
 * {@link #note} names, its counter tracks left empty, while its window is read on a background
 * thread, and the view is redrawn when the read completes. A read whose window is no longer
 * shown when it completes is dropped; one superseded by a newer read of the same lanes or
 * track before it starts is skipped. Reads run one at a time, on one daemon thread per view.
 * Used from the JavaFX thread, except for the reads themselves.
 */
final class DetailReads {
  /** The most records a frame reads from the file on the JavaFX thread: a few milliseconds. */
  static final long SYNC_RECORDS = 50_000;

  /** What the frames show of one kind of lane, or of one counter track, and its reads. */
  private static final class Slot {
    final boolean lanes;
    final AtomicLong latest = new AtomicLong();
    Request inFlight;
    Request failed;
    long[] shown;
    boolean coarse;

    Slot(boolean lanes) {
      this.lanes = lanes;
    }
  }

  /**
   * One background read: lanes {@code rows} (none for a counter) over a window at one
   * resolution ({@code psPerPixel}, -1 for a counter: any), and what to do with it.
   */
  private record Request(long generation, Slot slot, int[] rows, long fromPs, long toPs, long psPerPixel,
      Callable<Object> read, Consumer<Object> keep) {
    /** True when this read holds the frame {@code [from, to)} at {@code pp}. */
    boolean holds(long from, long to, long pp) {
      return pp == psPerPixel && from >= fromPs && to <= toPs;
    }

    /** True when this read holds the frame and every lane of {@code want}. */
    boolean holds(int[] want, long from, long to, long pp) {
      if (!holds(from, to, pp)) {
        return false;
      }
      for (int w : want) {
        boolean found = false;
        for (int r : rows) {
          found |= r == w;
        }
        if (!found) {
          return false;
        }
      }
      return true;
    }
  }

  private static final int[] NO_ROWS = new int[0];

  private final LaneWindowCache cache;
  private final double recordsPerPs;
  private final Executor background;
  private final Executor fx;
  private final Runnable redraw;
  private final ExecutorService own;
  private final Map<Object, Slot> slots = new HashMap<>();
  private long finestPs;
  private long installed;
  private long dropped;
  private boolean closed;
  private boolean inFrame;
  private long syncRecords = SYNC_RECORDS;

  /**
   * Reads through {@code cache} for a trace of {@code recordsPerPs} records a picosecond on
   * average, on {@code background} (null: a daemon thread of its own), handing results back
   * through {@code fx} (the JavaFX thread) and running {@code redraw} there when a read
   * replaced the picture.
   */
  DetailReads(LaneWindowCache cache, double recordsPerPs, Executor background, Executor fx, Runnable redraw) {
    this.cache = cache;
    this.recordsPerPs = recordsPerPs;
    this.own = background == null ? Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "locksim-lane-detail");
      t.setDaemon(true);
      return t;
    }) : null;
    this.background = background == null ? own : background;
    this.fx = fx;
    this.redraw = redraw;
  }

  /**
   * The lanes {@code rows} of {@code kind} over {@code [fromPs, toPs)} at {@code psPerPixel},
   * finer than {@code index}'s finest bucket: from the window kept, read now, or, until the
   * background read completes, at the finest bucket's resolution.
   */
  List<List<SummarySpan>> summaries(LodIndex index, RowKind kind, int[] rows, long fromPs, long toPs,
      long psPerPixel) {
    Slot s = slot(kind, true);
    s.shown = new long[] {fromPs, toPs, psPerPixel};
    s.coarse = false;
    long[] w = cache.windowFor(fromPs, toPs, psPerPixel);
    if (inFrame || cache.covers(kind, rows, fromPs, toPs, psPerPixel) || small(w)) {
      return cache.summaries(kind, rows, fromPs, toPs, psPerPixel);
    }
    int[] want = rows.clone();
    ask(s, want, fromPs, toPs, psPerPixel, w, () -> cache.read(kind, want, w[0], w[1], psPerPixel),
        got -> cache.put(kind, psPerPixel, w[0], w[1], want, cast(got)));
    finestPs = index.finestPs();
    return index.summaries(kind, rows, fromPs, toPs, finestPs);
  }

  /**
   * The columns of counter {@code index} of {@code kind} ({@link CounterStore#columns}): from
   * memory or read now when small, else null (the track is left empty) until a background read
   * of its window completes.
   */
  double[] counterColumns(CounterStore store, CounterKind kind, int index, long fromPs, long psPerPixel,
      int columns) {
    Slot s = slot(List.of(kind, index), false);
    long toPs = fromPs + psPerPixel * columns;
    s.shown = new long[] {fromPs, toPs, -1};
    s.coarse = false;
    // Without its buckets (for comparisons) a counter is read from the file at every frame.
    if (inFrame || !store.usesLevels() || store.holds(kind, index, fromPs, psPerPixel, columns)) {
      return store.columns(kind, index, fromPs, psPerPixel, columns);
    }
    long[] w = store.windowFor(kind, index, fromPs, psPerPixel, columns);
    if (small(w)) {
      return store.columns(kind, index, fromPs, psPerPixel, columns);
    }
    ask(s, NO_ROWS, fromPs, toPs, -1, w, () -> store.readWindow(kind, index, w[0], w[1]),
        got -> store.keepWindow(kind, index, w[0], w[1], (long[][]) got));
    return null;
  }

  /**
   * What the last frame over {@code [fromPs, toPs)} at {@code psPerPixel} drew coarser than its
   * pixels or left empty, and why (a read in progress, or one that failed), or empty.
   */
  String note(long fromPs, long toPs, long psPerPixel) {
    boolean lanes = false;
    boolean counters = false;
    for (Slot s : slots.values()) {
      long[] at = s.shown;
      if (!s.coarse || at == null || at[0] != fromPs || (s.lanes && (at[1] != toPs || at[2] != psPerPixel))) {
        continue;
      }
      if (s.failed != null && s.failed.holds(at[0], at[1], at[2])) {
        return "the trace could not be read here: lanes drawn in " + Picos.format(finestPs)
            + " buckets, counters left out";
      }
      lanes |= s.lanes;
      counters |= !s.lanes;
    }
    if (!lanes && !counters) {
      return "";
    }
    return "reading " + Picos.format(toPs - fromPs) + " of detail… ("
        + (lanes ? "lanes in " + Picos.format(finestPs) + " buckets" : "")
        + (lanes && counters ? ", " : "") + (counters ? "counters left out" : "") + " until then)";
  }

  /**
   * Reads every window within the frame that shows it ({@code true}: a picture written once
   * must have its detail), or as above ({@code false}, the default).
   */
  void readInFrame(boolean read) {
    inFrame = read;
  }

  /** Reads windows of at most {@code records} records within the frame (for tests; default {@link #SYNC_RECORDS}). */
  void syncRecords(long records) {
    syncRecords = records;
  }

  /** How many background reads replaced the picture. */
  long installed() {
    return installed;
  }

  /** How many background reads completed after their window was no longer shown, and were dropped. */
  long dropped() {
    return dropped;
  }

  /**
   * Notes that the frame drew lanes of {@code kind} otherwise (from the index's levels, or none
   * of them): a read of that kind completing now is dropped.
   */
  void notShown(RowKind kind) {
    Slot s = slots.get(kind);
    if (s != null) {
      s.shown = null;
      s.coarse = false;
    }
  }

  /** Stops reading: the view is gone (a read in progress ends on its own and is dropped). */
  void close() {
    closed = true;
    if (own != null) {
      own.shutdownNow();
    }
  }

  private Slot slot(Object key, boolean lanes) {
    return slots.computeIfAbsent(key, k -> new Slot(lanes));
  }

  /** True when a window of {@code {from, to}} is read within the frame. */
  private boolean small(long[] w) {
    return (w[1] - w[0]) * recordsPerPs <= syncRecords;
  }

  @SuppressWarnings("unchecked")
  private static List<List<SummarySpan>> cast(Object got) {
    return (List<List<SummarySpan>>) got;
  }

  /**
   * Marks the frame of {@code s} coarse and asks for a background read of window {@code w}
   * unless one in progress (or one that failed) holds the frame.
   */
  private void ask(Slot s, int[] rows, long fromPs, long toPs, long pp, long[] w, Callable<Object> read,
      Consumer<Object> keep) {
    s.coarse = true;
    if ((s.inFlight != null && s.inFlight.holds(rows, fromPs, toPs, pp))
        || (s.failed != null && s.failed.holds(rows, fromPs, toPs, pp))) {
      return;
    }
    Request r = new Request(s.latest.incrementAndGet(), s, rows, w[0], w[1], pp, read, keep);
    s.inFlight = r;
    try {
      background.execute(() -> read(r));
    } catch (RejectedExecutionException e) {
      s.inFlight = null;
    }
  }

  /** On the background thread: reads the window unless a newer read of its slot was asked for. */
  private void read(Request r) {
    if (r.slot().latest.get() != r.generation()) {
      return;
    }
    Object got;
    try {
      got = r.read().call();
    } catch (Exception e) {
      // The trace closed under the read (the view is gone) or could not be read: the coarse
      // picture stays, and the note says why.
      fx.execute(() -> finished(r, null, true));
      return;
    }
    fx.execute(() -> finished(r, got, false));
  }

  /** On the JavaFX thread: keeps a read whose window is still shown and redraws, or drops it. */
  private void finished(Request r, Object got, boolean failedRead) {
    Slot s = r.slot();
    if (closed) {
      return;
    }
    if (s.inFlight == r) {
      s.inFlight = null;
    }
    long[] at = s.shown;
    boolean stillShown = at != null && r.holds(at[0], at[1], at[2]);
    if (got == null) {
      if (failedRead && stillShown) {
        s.failed = r;
        redraw.run();
      }
      return;
    }
    if (!stillShown) {
      dropped++;
      return;
    }
    s.failed = null;
    r.keep().accept(got);
    installed++;
    redraw.run();
  }
}
