package org.locksim.ui.timeline;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.locksim.trace.CounterKind;
import org.locksim.trace.CounterSample;
import org.locksim.trace.TraceFile;
import org.locksim.trace.TraceVisitor;

/**
 * The counters a trace records (run queue length per CPU, waiters per lock), read once in one
 * pass and kept as primitive arrays, so that a frame draws any counter track at any zoom by
 * binary search without reading the file again. Each track is reduced to one value per pixel
 * column: the highest the counter reached in it, as Perfetto draws a counter zoomed out, so a
 * one-picosecond spike is never lost.
 */
public final class CounterStore {
  /** One counter's samples in time order. */
  private static final class Track {
    long[] times = new long[16];
    long[] values = new long[16];
    int size;
    long max;
    CounterLevels levels;

    void add(long t, long v) {
      if (size == times.length) {
        times = Arrays.copyOf(times, size * 2);
        values = Arrays.copyOf(values, size * 2);
      }
      times[size] = t;
      values[size] = v;
      size++;
      max = Math.max(max, v);
    }
  }

  private final Map<Long, Track> tracks = new HashMap<>();
  private long samples;
  private boolean useLevels = true;

  private CounterStore() { }

  /** Reads every counter sample of {@code trace}. */
  public static CounterStore read(TraceFile trace) {
    CounterStore s = new CounterStore();
    trace.scan(new TraceVisitor() {
      @Override
      public void counter(CounterSample c) {
        s.tracks.computeIfAbsent(key(c.kind(), c.index()), k -> new Track()).add(c.timePs(), c.value());
        s.samples++;
      }
    });
    for (Track t : s.tracks.values()) {
      t.levels = CounterLevels.of(t.times, t.values, t.size, trace.startPs(), trace.endPs());
    }
    return s;
  }

  /** Returns true when counter {@code index} of {@code kind} has samples. */
  public boolean has(CounterKind kind, int index) {
    return tracks.containsKey(key(kind, index));
  }

  /** Returns the highest value the counter ever took (0 when it has none). */
  public long max(CounterKind kind, int index) {
    Track t = tracks.get(key(kind, index));
    return t == null ? 0 : t.max;
  }

  /** Returns how many samples the store holds. */
  public long sampleCount() {
    return samples;
  }

  /**
   * Draws from the tracks' {@link CounterLevels} when a pixel is at least their finest bucket
   * ({@code true}, the default) or from the samples at every zoom (for the frame benchmark).
   */
  public void useLevels(boolean use) {
    useLevels = use;
  }

  /**
   * Returns the counter's highest value in each of {@code columns} pixel columns of
   * {@code psPerPixel} from {@code fromPs}, NaN where it has no value yet. Zoomed out, a column
   * takes the highest of the {@link CounterLevels} buckets it meets.
   */
  public double[] columns(CounterKind kind, int index, long fromPs, long psPerPixel, int columns) {
    double[] out = new double[columns];
    Arrays.fill(out, Double.NaN);
    Track t = tracks.get(key(kind, index));
    if (t == null || columns == 0) {
      return out;
    }
    if (useLevels && t.levels.covers(psPerPixel)) {
      return t.levels.columns(fromPs, psPerPixel, columns);
    }
    long toPs = fromPs + psPerPixel * columns;
    int i = Arrays.binarySearch(t.times, 0, t.size, fromPs);
    i = i >= 0 ? i : Math.max(0, -i - 2);
    for (; i < t.size && t.times[i] < toPs; i++) {
      long start = Math.max(t.times[i], fromPs);
      long end = i + 1 < t.size ? Math.min(t.times[i + 1], toPs) : toPs;
      if (end <= start && !(start == t.times[i] && start >= fromPs)) {
        continue;
      }
      int c0 = (int) ((start - fromPs) / psPerPixel);
      int c1 = (int) Math.min(columns - 1, (Math.max(start, end - 1) - fromPs) / psPerPixel);
      for (int c = Math.max(0, c0); c <= c1; c++) {
        out[c] = Double.isNaN(out[c]) ? t.values[i] : Math.max(out[c], t.values[i]);
      }
    }
    return out;
  }

  private static long key(CounterKind kind, int index) {
    return ((long) kind.ordinal() << 32) | (index & 0xffffffffL);
  }
}
