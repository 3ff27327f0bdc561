package org.locksim.ui.timeline;

import java.util.Arrays;

/**
 * A growable list of (time, value) pairs in two primitive arrays, which callers read and
 * rewrite in place: a counter's samples, or the steps of a summary as they are found.
 */
final class TimedValues {
  long[] time;
  long[] value;
  int size;

  TimedValues(int capacity) {
    time = new long[capacity];
    value = new long[capacity];
  }

  void add(long t, long v) {
    if (size == time.length) {
      time = Arrays.copyOf(time, size * 2);
      value = Arrays.copyOf(value, size * 2);
    }
    time[size] = t;
    value[size] = v;
    size++;
  }

  /** The times, trimmed to the size. */
  long[] times() {
    return Arrays.copyOf(time, size);
  }

  /** The values, trimmed to the size. */
  long[] values() {
    return Arrays.copyOf(value, size);
  }
}
