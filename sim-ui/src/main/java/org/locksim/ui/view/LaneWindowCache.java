package org.locksim.ui.view;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.locksim.trace.RowKind;
import org.locksim.trace.SummarySpan;

/**
 * The lanes of the last window read from the trace file, for frames finer than the
 * level-of-detail index's finest bucket (which the index answers by reading the file): a frame
 * reads its own span and as much on either side (less when that would read much more of the
 * file: at most a given margin) at its resolution, on a pixel grid aligned to the run's start
 * rather than to the frame, and the frames after it at the same resolution that stay inside
 * that window (panning, lanes scrolled back into view) are drawn from what was read. At most
 * {@link #ROWS} lanes of each kind are kept. A window may also be read elsewhere (on a
 * background thread, {@link DetailReads}) and handed in with {@link #put}; the cache itself is
 * used from one thread, the JavaFX thread.
 */
final class LaneWindowCache {
  /** The most lanes of one kind kept, the least recently drawn going first. */
  static final int ROWS = 128;

  /** Reads lanes from the file, as {@link org.locksim.trace.TraceFile#summaries} does. */
  interface Reader {
    List<List<SummarySpan>> read(RowKind kind, int[] rows, long fromPs, long toPs, long psPerPixel);
  }

  /** The window read for one kind of lane, and its lanes. */
  private static final class Window {
    long psPerPixel;
    long fromPs;
    long toPs;
    final Map<Integer, List<SummarySpan>> rows = new LinkedHashMap<>(16, 0.75f, true) {
      private static final long serialVersionUID = 1L;

      @Override
      protected boolean removeEldestEntry(Map.Entry<Integer, List<SummarySpan>> eldest) {
        return size() > ROWS;
      }
    };
  }

  private final Reader reader;
  private final long originPs;
  private final long marginPs;
  private final Window[] windows = new Window[RowKind.values().length];
  private long reads;

  /**
   * Reads through {@code reader}, on pixel grids aligned to {@code originPs}, at most {@code
   * marginPs} beyond a frame on either side.
   */
  LaneWindowCache(Reader reader, long originPs, long marginPs) {
    this.reader = reader;
    this.originPs = originPs;
    this.marginPs = Math.max(0, marginPs);
    for (int k = 0; k < windows.length; k++) {
      windows[k] = new Window();
    }
  }

  /**
   * The lanes {@code rows} of {@code kind} over {@code [fromPs, toPs)} at {@code psPerPixel}:
   * each lane's spans that meet the window (those at its edges may reach beyond it), reading
   * the file on the calling thread for the lanes not kept.
   */
  List<List<SummarySpan>> summaries(RowKind kind, int[] rows, long fromPs, long toPs, long psPerPixel) {
    Window w = windows[kind.ordinal()];
    if (w.psPerPixel != psPerPixel || fromPs < w.fromPs || toPs > w.toPs) {
      long[] span = windowFor(fromPs, toPs, psPerPixel);
      reset(w, psPerPixel, span[0], span[1]);
    }
    Map<Integer, List<SummarySpan>> now = new HashMap<>();
    List<Integer> missing = new ArrayList<>();
    for (int r : rows) {
      List<SummarySpan> kept = w.rows.get(r);
      if (kept != null) {
        now.put(r, kept);
      } else {
        missing.add(r);
      }
    }
    if (!missing.isEmpty()) {
      int[] read = missing.stream().mapToInt(Integer::intValue).toArray();
      List<List<SummarySpan>> got = reader.read(kind, read, w.fromPs, w.toPs, psPerPixel);
      for (int i = 0; i < read.length; i++) {
        now.put(read[i], got.get(i));
      }
      put(kind, psPerPixel, w.fromPs, w.toPs, read, got);
      reads++;
    }
    List<List<SummarySpan>> out = new ArrayList<>(rows.length);
    for (int r : rows) {
      out.add(meeting(now.get(r), fromPs, toPs));
    }
    return out;
  }

  /** True when every lane of {@code rows} over {@code [fromPs, toPs)} at {@code psPerPixel} is kept. */
  boolean covers(RowKind kind, int[] rows, long fromPs, long toPs, long psPerPixel) {
    Window w = windows[kind.ordinal()];
    if (w.psPerPixel != psPerPixel || fromPs < w.fromPs || toPs > w.toPs) {
      return false;
    }
    for (int r : rows) {
      if (!w.rows.containsKey(r)) {
        return false;
      }
    }
    return true;
  }

  /**
   * The window {@code {from, to}} read for a frame over {@code [fromPs, toPs)} at {@code
   * psPerPixel}: the frame and as much on either side (at most the margin), on the pixel grid
   * aligned to the run's start.
   */
  long[] windowFor(long fromPs, long toPs, long psPerPixel) {
    long span = Math.min(toPs - fromPs, marginPs);
    return new long[] {
        originPs + Math.floorDiv(fromPs - span - originPs, psPerPixel) * psPerPixel, toPs + span};
  }

  /**
   * Keeps lanes {@code rows} of {@code kind} read elsewhere (on a background thread) over
   * {@code [fromPs, toPs)} at {@code psPerPixel}, as {@link Reader#read} returned them; they
   * replace the window kept for that kind unless it is the same window.
   */
  void put(RowKind kind, long psPerPixel, long fromPs, long toPs, int[] rows, List<List<SummarySpan>> spans) {
    Window w = windows[kind.ordinal()];
    if (w.psPerPixel != psPerPixel || w.fromPs != fromPs || w.toPs != toPs) {
      reset(w, psPerPixel, fromPs, toPs);
    }
    for (int i = 0; i < rows.length; i++) {
      w.rows.put(rows[i], spans.get(i));
    }
  }

  private static void reset(Window w, long psPerPixel, long fromPs, long toPs) {
    w.psPerPixel = psPerPixel;
    w.fromPs = fromPs;
    w.toPs = toPs;
    w.rows.clear();
  }

  /** Reads lanes through the reader, on the calling thread, keeping nothing (not counted). */
  List<List<SummarySpan>> read(RowKind kind, int[] rows, long fromPs, long toPs, long psPerPixel) {
    return reader.read(kind, rows, fromPs, toPs, psPerPixel);
  }

  /** How many times the file was read. */
  long reads() {
    return reads;
  }

  /** The spans of {@code all} (in time order, not overlapping) that meet {@code [from, to)}. */
  private static List<SummarySpan> meeting(List<SummarySpan> all, long from, long to) {
    int lo = 0;
    int hi = all.size();
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (all.get(mid).endPs() < from) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    int end = lo;
    while (end < all.size() && all.get(end).startPs() < to) {
      end++;
    }
    return all.subList(lo, end);
  }
}
