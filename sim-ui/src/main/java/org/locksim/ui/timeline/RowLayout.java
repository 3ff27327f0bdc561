package org.locksim.ui.timeline;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;
import org.locksim.trace.CounterKind;
import org.locksim.trace.RowKind;

/**
 * The rows of a timeline from top to bottom: a header per section ({@code CPUs (16)},
 * {@code Tasks (128)}, {@code Locks (1)}) followed by one lane per CPU, task or lock, each
 * section shown or left out as the user chooses; a lane may have a counter track under it (a
 * CPU's run queue length, a lock's waiters). Heights are fixed, so finding the lane under a
 * pixel is arithmetic.
 */
public final class RowLayout {
  /** Height of a lane, pixels. */
  public static final double LANE_PX = 16;
  /** Height of a section header, pixels. */
  public static final double HEADER_PX = 20;
  /** Height of a counter track, pixels. */
  public static final double COUNTER_PX = 14;

  /**
   * One line of the layout: a section header ({@code index == -1}), a lane, or the counter
   * track of a lane.
   *
   * @param kind the section
   * @param index the CPU, task or lock index, or -1 for the header
   * @param label what the gutter shows
   * @param y the line's top, pixels from the layout's top
   * @param counter the counter this line draws, or null for a header or a lane
   */
  public record Line(RowKind kind, int index, String label, double y, CounterKind counter) {
    public boolean header() {
      return index < 0;
    }

    /** Returns true for a lane of intervals (not a header, not a counter track). */
    public boolean lane() {
      return index >= 0 && counter == null;
    }

    public double height() {
      return header() ? HEADER_PX : counter != null ? COUNTER_PX : LANE_PX;
    }
  }

  private final List<Line> lines;
  private final double height;

  private RowLayout(List<Line> lines, double height) {
    this.lines = List.copyOf(lines);
    this.height = height;
  }

  /** A builder adding sections in the order they are to appear. */
  public static Builder builder() {
    return new Builder();
  }

  public List<Line> lines() {
    return lines;
  }

  /** Returns the layout's total height, pixels. */
  public double height() {
    return height;
  }

  /** Returns the line at {@code y} pixels from the layout's top, or null below the last. */
  public Line at(double y) {
    if (y < 0) {
      return null;
    }
    int lo = 0;
    int hi = lines.size() - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      Line l = lines.get(mid);
      if (y < l.y()) {
        hi = mid - 1;
      } else if (y >= l.y() + l.height()) {
        lo = mid + 1;
      } else {
        return l;
      }
    }
    return null;
  }

  /** Returns the lane of row {@code index} of {@code kind}, or null when its section is hidden. */
  public Line lane(RowKind kind, int index) {
    for (Line l : lines) {
      if (l.kind() == kind && l.index() == index && l.counter() == null) {
        return l;
      }
    }
    return null;
  }

  /** Adds sections one after another. */
  public static final class Builder {
    private final List<Line> lines = new ArrayList<>();
    private double y;

    /** Adds a header titled {@code title (n)} and a lane per name. */
    public Builder section(RowKind kind, String title, List<String> names) {
      return section(kind, title, names, null, i -> false);
    }

    /**
     * Adds a header titled {@code title (n)}, a lane per name, and under lane {@code i} a
     * track of {@code counter} when {@code tracked.test(i)}.
     */
    public Builder section(RowKind kind, String title, List<String> names, CounterKind counter,
        IntPredicate tracked) {
      lines.add(new Line(kind, -1, title + " (" + names.size() + ")", y, null));
      y += HEADER_PX;
      for (int i = 0; i < names.size(); i++) {
        lines.add(new Line(kind, i, names.get(i), y, null));
        y += LANE_PX;
        if (counter != null && tracked.test(i)) {
          String what = counter == CounterKind.RUNQUEUE ? "run queue" : "waiters";
          lines.add(new Line(kind, i, what, y, counter));
          y += COUNTER_PX;
        }
      }
      return this;
    }

    public RowLayout build() {
      return new RowLayout(lines, y);
    }
  }
}
