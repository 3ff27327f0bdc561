package org.locksim.ui.timeline;

import java.util.List;
import org.locksim.trace.CounterKind;
import org.locksim.trace.CounterSample;
import org.locksim.trace.TraceFile;

/**
 * The samples of one counter over the last window read from the trace, for frames finer than
 * its {@link CounterLevels} buckets: a frame reads its own span and as much on either side (at
 * most a given margin, so as not to read much more of the file), and the frames after it that
 * stay inside that (panning, a little zoom) are drawn from what was read instead of reading the
 * file again.
 */
final class CounterWindow {
  private final TraceFile trace;
  private final CounterKind kind;
  private final int index;
  private final long marginPs;
  private long fromPs = 1;
  private long toPs;
  private long[] times = new long[0];
  private long[] values = new long[0];
  private int reads;

  /** Counter {@code index} of {@code kind}, read at most {@code marginPs} beyond a frame. */
  CounterWindow(TraceFile trace, CounterKind kind, int index, long marginPs) {
    this.trace = trace;
    this.marginPs = Math.max(0, marginPs);
    this.kind = kind;
    this.index = index;
  }

  /** As {@link StepColumns#of}, from the samples of the window read, reading it if need be. */
  double[] columns(long from, long psPerPixel, int columns) {
    long to = from + psPerPixel * columns;
    if (!holds(from, to)) {
      long[] w = windowFor(from, to);
      keep(w[0], w[1], samples(w[0], w[1]));
      reads++;
    }
    return StepColumns.of(times, values, times.length, from, psPerPixel, columns);
  }

  /** True when {@code [from, to)} lies inside the window read. */
  boolean holds(long from, long to) {
    return from >= fromPs && to <= toPs;
  }

  /** The window {@code {from, to}} read for a frame over {@code [from, to)}: as much on either side, at most the margin. */
  long[] windowFor(long from, long to) {
    long span = Math.min(to - from, marginPs);
    return new long[] {from - span, to + span};
  }

  /** How many times the trace was read within {@link #columns} (for tests). */
  int reads() {
    return reads;
  }

  /** The samples {@code {times, values}} over {@code [from, to)}, read from the trace (on any thread). */
  long[][] samples(long from, long to) {
    List<CounterSample> in = trace.counters(kind, index, from, to);
    long[] t = new long[in.size()];
    long[] v = new long[in.size()];
    for (int i = 0; i < t.length; i++) {
      t[i] = in.get(i).timePs();
      v[i] = in.get(i).value();
    }
    return new long[][] {t, v};
  }

  /** Keeps {@code samples} ({@link #samples} over {@code [from, to)}) as the window read. */
  void keep(long from, long to, long[][] samples) {
    times = samples[0];
    values = samples[1];
    fromPs = from;
    toPs = to;
  }
}
