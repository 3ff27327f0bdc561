package org.locksim.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A plain-text table whose columns are as wide as their widest cell, so that a long name widens
 * its column instead of pushing the rest of its row out of line. Cells are left-aligned unless
 * their column is marked right-aligned; the last column is never padded.
 */
final class Columns {
  private final boolean[] right;
  private final List<String[]> rows = new ArrayList<>();

  /** A table of {@code right.length} columns; {@code right[i]} aligns column i to the right. */
  Columns(boolean... right) {
    this.right = right.clone();
  }

  /** Adds a row of exactly as many cells as there are columns. */
  Columns row(Object... cells) {
    if (cells.length != right.length) {
      throw new IllegalArgumentException("expected " + right.length + " cells, got " + cells.length);
    }
    rows.add(Arrays.stream(cells).map(String::valueOf).toArray(String[]::new));
    return this;
  }

  /** The rows, each prefixed with {@code indent}, cells two spaces apart, lines ending in {@code \n}. */
  String text(String indent) {
    int[] width = new int[right.length];
    for (String[] r : rows) {
      for (int i = 0; i < r.length; i++) {
        width[i] = Math.max(width[i], r[i].length());
      }
    }
    StringBuilder out = new StringBuilder();
    for (String[] r : rows) {
      StringBuilder line = new StringBuilder(indent);
      for (int i = 0; i < r.length; i++) {
        boolean last = i == r.length - 1;
        String pad = " ".repeat(last && !right[i] ? 0 : width[i] - r[i].length());
        line.append(right[i] ? pad + r[i] : r[i] + pad).append(last ? "" : "  ");
      }
      out.append(line.toString().stripTrailing()).append('\n');
    }
    return out.toString();
  }
}
