package org.locksim.ui.timeline;

import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.locksim.trace.CounterKind;
import org.locksim.trace.CounterSample;
import org.locksim.trace.LodIndex;
import org.locksim.trace.TraceFile;
import org.locksim.trace.TraceVisitor;

/**
 * The counters a trace records (run queue length per CPU, waiters per lock), read in one pass:
 * a counter with no more samples than buckets keeps its samples, a denser one is summarised
 * into its {@link CounterLevels} instead (buckets, not samples), so memory is bounded by the
 * buckets, which take a share of the heap as the lanes' index does, and a frame draws any
 * counter track zoomed out without reading the file again. Each track is reduced to one value
 * per pixel column: the highest the counter reached in it, as Perfetto draws a counter zoomed
 * out, so a one-picosecond spike is never lost. A frame finer than two buckets per pixel reads
 * a summarised counter's samples from the trace ({@link CounterWindow}).
 */
public final class CounterStore {
  /** The finest bucket is at most the run's 4,096th, as the lanes' finest is. */
  private static final long SCREEN_BUCKETS = 4096;

  /**
   * One counter: its samples while they are no more than its buckets would be, then (from the
   * sample after) its summary in buckets, fed the samples kept so far, and no samples.
   */
  private static final class Track {
    final long origin;
    final long end;
    final long bucketPs;
    final int keep;
    long[] times = new long[16];
    long[] values = new long[16];
    int size;
    long max;
    CounterLevelsBuilder builder;
    CounterLevels levels;
    CounterWindow window;

    Track(long origin, long end, long bucketPs, int keep) {
      this.origin = origin;
      this.end = end;
      this.bucketPs = bucketPs;
      this.keep = keep;
    }

    void add(long t, long v) {
      max = Math.max(max, v);
      if (builder == null && size == keep) {
        builder = new CounterLevelsBuilder(origin, end, bucketPs);
        for (int i = 0; i < size; i++) {
          builder.add(times[i], values[i]);
        }
        times = null;
        values = null;
      }
      if (builder != null) {
        builder.add(t, v);
        return;
      }
      if (size == times.length) {
        times = Arrays.copyOf(times, Math.min(keep, size * 2));
        values = Arrays.copyOf(values, times.length);
      }
      times[size] = t;
      values[size] = v;
      size++;
    }
  }

  private final Map<Long, Track> tracks = new HashMap<>();
  private long samples;
  private boolean useLevels = true;

  private CounterStore() { }

  /**
   * {@link #read(TraceFile)}, on a thread of its own: empty when {@code trace} was closed
   * before or while it read (the run it belongs to has been closed, so there is nothing to
   * show); any other failure is thrown.
   */
  public static Optional<CounterStore> readUnlessClosed(TraceFile trace) {
    try {
      return Optional.of(read(trace));
    } catch (UncheckedIOException e) {
      if (trace.isOpen()) {
        throw e;
      }
      return Optional.empty();
    }
  }

  /** Reads every counter sample of {@code trace}, with buckets sized for this JVM's heap. */
  public static CounterStore read(TraceFile trace) {
    return read(trace, bucketPs(trace, LodIndex.budgetFor(Runtime.getRuntime().maxMemory())));
  }

  /** Reads every counter sample of {@code trace} into buckets of {@code bucketPs} (a power of two). */
  static CounterStore read(TraceFile trace, long bucketPs) {
    CounterStore s = new CounterStore();
    long origin = trace.startPs();
    long end = trace.endPs();
    int keep = (int) Math.min(Integer.MAX_VALUE - 8,
        (Math.max(1, end - origin + 1) + bucketPs - 1) / bucketPs);
    trace.scan(new TraceVisitor() {
      @Override
      public void counter(CounterSample c) {
        s.tracks.computeIfAbsent(key(c.kind(), c.index()),
            k -> new Track(origin, end, bucketPs, keep)).add(c.timePs(), c.value());
        s.samples++;
      }
    });
    // Beyond a frame, a window read takes at most about a million more records.
    long span = Math.max(1, end - origin);
    long margin = (long) Math.min(span, 1e6 * span / Math.max(1, trace.recordCount()) / 2);
    for (Map.Entry<Long, Track> e : s.tracks.entrySet()) {
      Track t = e.getValue();
      if (t.builder != null) {
        t.levels = t.builder.build();
        t.builder = null;
        CounterKind kind = CounterKind.values()[(int) (e.getKey() >>> 32)];
        t.window = new CounterWindow(trace, kind, (int) (long) e.getKey(), margin);
      }
    }
    return s;
  }

  /**
   * The width of the counters' buckets for {@code trace} when all its counters together may
   * take about {@code budget} buckets ({@link LodIndex#budgetFor}): no finer than a bucket per
   * sample a counter has on average, nor than the budget allows, but at least 4,096 buckets a
   * run, so that the whole run is never read from the file; a power of two.
   */
  static long bucketPs(TraceFile trace, long budget) {
    long span = Math.max(1, trace.endPs() - trace.startPs());
    long tracks = Math.max(1, trace.cpuCount() + trace.lockCount());
    long byBudget = ceilPow2(span / Math.max(1, budget / tracks));
    long bySamples = floorPow2(span / Math.max(1, trace.recordCount() / tracks));
    return Math.min(floorPow2(span / SCREEN_BUCKETS), Math.max(byBudget, bySamples));
  }

  private static long floorPow2(long n) {
    return Long.highestOneBit(Math.max(1, n));
  }

  private static long ceilPow2(long n) {
    long f = floorPow2(n);
    return f == Math.max(1, n) ? f : f << 1;
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

  /** Returns how many samples the trace's counters have. */
  public long sampleCount() {
    return samples;
  }

  /** Returns about how many bytes the store holds: buckets, and the samples kept. */
  public long bytes() {
    long n = 0;
    for (Track t : tracks.values()) {
      n += t.levels != null ? t.levels.bytes() : 16L * t.times.length;
    }
    return n;
  }

  /**
   * Draws a summarised counter from its {@link CounterLevels} when a pixel is at least two of
   * their buckets ({@code true}, the default) or from its samples read from the trace at every
   * zoom (for the frame benchmark and tests); a counter whose samples are kept draws from them.
   */
  public void useLevels(boolean use) {
    useLevels = use;
  }

  /**
   * Returns the counter's highest value in each of {@code columns} pixel columns of
   * {@code psPerPixel} from {@code fromPs}, NaN where it has no value yet. Zoomed out, a column
   * is read from the {@link CounterLevels} buckets it meets; the result is the same.
   */
  public double[] columns(CounterKind kind, int index, long fromPs, long psPerPixel, int columns) {
    Track t = tracks.get(key(kind, index));
    if (t == null || columns == 0) {
      double[] out = new double[columns];
      Arrays.fill(out, Double.NaN);
      return out;
    }
    if (t.levels == null) {
      return StepColumns.of(t.times, t.values, t.size, fromPs, psPerPixel, columns);
    }
    return useLevels && t.levels.covers(psPerPixel) ? t.levels.columns(fromPs, psPerPixel, columns)
        : t.window.columns(fromPs, psPerPixel, columns);
  }

  /** True when zoomed-out columns are read from the counters' buckets (the default). */
  public boolean usesLevels() {
    return useLevels;
  }

  /**
   * True when {@link #columns} draws the counter over these columns from memory: its samples
   * are kept, its buckets are used at this zoom, or the window read last holds the columns.
   */
  public boolean holds(CounterKind kind, int index, long fromPs, long psPerPixel, int columns) {
    Track t = tracks.get(key(kind, index));
    return t == null || columns == 0 || t.levels == null
        || (useLevels && t.levels.covers(psPerPixel))
        || t.window.holds(fromPs, fromPs + psPerPixel * columns);
  }

  /**
   * The window {@code {from, to}} {@link #columns} reads from the trace for these columns when
   * it does not {@link #holds} them.
   */
  public long[] windowFor(CounterKind kind, int index, long fromPs, long psPerPixel, int columns) {
    return tracks.get(key(kind, index)).window.windowFor(fromPs, fromPs + psPerPixel * columns);
  }

  /** Reads the counter's samples over {@code [fromPs, toPs)} from the trace, on any thread. */
  public long[][] readWindow(CounterKind kind, int index, long fromPs, long toPs) {
    return tracks.get(key(kind, index)).window.samples(fromPs, toPs);
  }

  /** Keeps what {@link #readWindow} returned as the counter's window: frames inside it read nothing. */
  public void keepWindow(CounterKind kind, int index, long fromPs, long toPs, long[][] samples) {
    tracks.get(key(kind, index)).window.keep(fromPs, toPs, samples);
  }

  /** How many times frames read counter {@code index} of {@code kind} from the trace. */
  int windowReads(CounterKind kind, int index) {
    Track t = tracks.get(key(kind, index));
    return t == null || t.window == null ? 0 : t.window.reads();
  }

  private static long key(CounterKind kind, int index) {
    return ((long) kind.ordinal() << 32) | (index & 0xffffffffL);
  }
}
