package org.locksim.cpu;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** Shared checks of the latency tables: an immutable square copy, and what a latency may be. */
final class SquareMatrix {
  private SquareMatrix() { }

  /** An unmodifiable copy of {@code rows}, which must be {@code size} x {@code size}. */
  static List<List<Double>> copy(List<List<Double>> rows, int size, String what) {
    Objects.requireNonNull(rows, what);
    if (size < 1 || rows.size() != size) {
      throw new IllegalArgumentException(what + " needs " + size + " rows, has " + rows.size());
    }
    List<List<Double>> out = new ArrayList<>(size);
    for (List<Double> row : rows) {
      if (row.size() != size) {
        throw new IllegalArgumentException(what + " needs " + size + " columns, has " + row.size());
      }
      out.add(List.copyOf(row));
    }
    return List.copyOf(out);
  }

  /** Whether {@code v} is a latency: finite and not negative. */
  static boolean latency(double v) {
    return v >= 0 && !Double.isInfinite(v);
  }
}
