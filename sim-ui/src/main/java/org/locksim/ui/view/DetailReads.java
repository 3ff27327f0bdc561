package org.locksim.ui.view;

import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicLongArray;
import org.locksim.trace.LodIndex;
import org.locksim.trace.Picos;
import org.locksim.trace.RowKind;
import org.locksim.trace.SummarySpan;

/**
 * The lanes of frames finer than the level-of-detail index's finest bucket, read without
 * holding the JavaFX thread on the trace file for long. A frame inside the window read last is
 * drawn from it ({@link LaneWindowCache}); a frame whose window holds few records (at most
 * {@link #SYNC_RECORDS}, from the trace's average density) reads it at once, as a frame of a
 * few milliseconds costs; any other is drawn at once from the index's finest level, a coarser
 * picture that {@link #note} names, while its window is read on a background thread, and the
 * view is redrawn when the read completes. A read whose window is no longer shown when it
 * completes is dropped; one superseded by a newer read of the same kind of lane before it
 * starts is skipped. Reads run one at a time, on one daemon thread per view. Used from the
 * JavaFX thread, except for the reads themselves.
 */
final class DetailReads {
  /** The most records a frame reads from the file on the JavaFX thread: a few milliseconds. */
  static final long SYNC_RECORDS = 50_000;

  /** One background read: lanes {@code rows} of {@code kind} over a window, at one resolution. */
  private record Request(long generation, RowKind kind, int[] rows, long fromPs, long toPs, long psPerPixel) {
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

  private static final int KINDS = RowKind.values().length;

  private final LaneWindowCache cache;
  private final double recordsPerPs;
  private final Executor background;
  private final Executor fx;
  private final Runnable redraw;
  private final ExecutorService own;
  private final AtomicLongArray latest = new AtomicLongArray(KINDS);
  private final Request[] inFlight = new Request[KINDS];
  private final Request[] failed = new Request[KINDS];
  private final long[][] shown = new long[KINDS][];
  private final boolean[] coarse = new boolean[KINDS];
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
    int k = kind.ordinal();
    shown[k] = new long[] {fromPs, toPs, psPerPixel};
    coarse[k] = false;
    long[] w = cache.windowFor(fromPs, toPs, psPerPixel);
    if (inFrame || cache.covers(kind, rows, fromPs, toPs, psPerPixel)
        || (w[1] - w[0]) * recordsPerPs <= syncRecords) {
      return cache.summaries(kind, rows, fromPs, toPs, psPerPixel);
    }
    Request running = inFlight[k];
    Request broken = failed[k];
    if ((running == null || !running.holds(rows, fromPs, toPs, psPerPixel))
        && (broken == null || !broken.holds(rows, fromPs, toPs, psPerPixel))) {
      request(new Request(latest.incrementAndGet(k), kind, rows.clone(), w[0], w[1], psPerPixel));
    }
    coarse[k] = true;
    finestPs = index.finestPs();
    return index.summaries(kind, rows, fromPs, toPs, finestPs);
  }

  /**
   * What the last frame over {@code [fromPs, toPs)} at {@code psPerPixel} drew coarser than its
   * pixels and why (a read in progress, or one that failed), or empty.
   */
  String note(long fromPs, long toPs, long psPerPixel) {
    String out = "";
    for (int k = 0; k < KINDS; k++) {
      long[] s = shown[k];
      if (!coarse[k] || s == null || s[0] != fromPs || s[1] != toPs || s[2] != psPerPixel) {
        continue;
      }
      if (failed[k] != null && failed[k].holds(fromPs, toPs, psPerPixel)) {
        return "the trace could not be read here: lanes drawn in " + Picos.format(finestPs) + " buckets";
      }
      out = "reading " + Picos.format(toPs - fromPs) + " of detail… (lanes in "
          + Picos.format(finestPs) + " buckets until then)";
    }
    return out;
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
    shown[kind.ordinal()] = null;
    coarse[kind.ordinal()] = false;
  }

  /** Stops reading: the view is gone (a read in progress ends on its own and is dropped). */
  void close() {
    closed = true;
    if (own != null) {
      own.shutdownNow();
    }
  }

  private void request(Request r) {
    int k = r.kind().ordinal();
    inFlight[k] = r;
    try {
      background.execute(() -> read(r));
    } catch (RejectedExecutionException e) {
      inFlight[k] = null;
    }
  }

  /** On the background thread: reads the window unless a newer read of its kind was asked for. */
  private void read(Request r) {
    if (latest.get(r.kind().ordinal()) != r.generation()) {
      return;
    }
    List<List<SummarySpan>> spans;
    try {
      spans = cache.read(r.kind(), r.rows(), r.fromPs(), r.toPs(), r.psPerPixel());
    } catch (RuntimeException e) {
      // The trace closed under the read (the view is gone) or could not be read: the coarse
      // picture stays, and the note says why.
      fx.execute(() -> finished(r, null, true));
      return;
    }
    fx.execute(() -> finished(r, spans, false));
  }

  /** On the JavaFX thread: keeps a read whose window is still shown and redraws, or drops it. */
  private void finished(Request r, List<List<SummarySpan>> spans, boolean failedRead) {
    int k = r.kind().ordinal();
    if (closed) {
      return;
    }
    if (inFlight[k] == r) {
      inFlight[k] = null;
    }
    long[] s = shown[k];
    boolean stillShown = s != null && r.holds(s[0], s[1], s[2]);
    if (spans == null) {
      if (failedRead && stillShown) {
        failed[k] = r;
        redraw.run();
      }
      return;
    }
    if (!stillShown) {
      dropped++;
      return;
    }
    failed[k] = null;
    cache.put(r.kind(), r.psPerPixel(), r.fromPs(), r.toPs(), r.rows(), spans);
    installed++;
    redraw.run();
  }
}
