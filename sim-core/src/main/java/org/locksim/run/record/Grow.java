package org.locksim.run.record;

import java.util.Arrays;

/** Per-task arrays that grow (by doubling) when a run creates more tasks than seen so far. */
final class Grow {
  private Grow() { }

  static int capacity(int length, int index) {
    int n = Math.max(8, length);
    while (n <= index) {
      n *= 2;
    }
    return n;
  }

  static int[] ints(int[] a, int index, int fill) {
    if (index < a.length) {
      return a;
    }
    int old = a.length;
    int[] b = Arrays.copyOf(a, capacity(old, index));
    Arrays.fill(b, old, b.length, fill);
    return b;
  }

  static long[] longs(long[] a, int index) {
    return index < a.length ? a : Arrays.copyOf(a, capacity(a.length, index));
  }

  static boolean[] bools(boolean[] a, int index) {
    return index < a.length ? a : Arrays.copyOf(a, capacity(a.length, index));
  }
}
