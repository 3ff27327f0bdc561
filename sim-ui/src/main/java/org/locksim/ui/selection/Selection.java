package org.locksim.ui.selection;

import java.util.BitSet;
import org.locksim.trace.RowKind;

/**
 * An interval of time over some lanes: dragging on the time axis selects every lane, dragging
 * with shift over the lanes selects the lanes the drag crossed.
 *
 * @param fromPs inclusive start, picoseconds
 * @param toPs exclusive end, picoseconds ({@code > fromPs})
 * @param cpus the selected CPU lanes
 * @param tasks the selected task lanes
 * @param locks the selected lock lanes
 */
public record Selection(long fromPs, long toPs, BitSet cpus, BitSet tasks, BitSet locks) {
  public Selection {
    if (toPs <= fromPs) {
      throw new IllegalArgumentException("selection [" + fromPs + ", " + toPs + ") is empty");
    }
    cpus = (BitSet) cpus.clone();
    tasks = (BitSet) tasks.clone();
    locks = (BitSet) locks.clone();
  }

  /** Selects {@code [a, b)} or {@code [b, a)} over every lane of a trace of these sizes. */
  public static Selection allLanes(long a, long b, int cpuCount, int taskCount, int lockCount) {
    return new Selection(Math.min(a, b), Math.max(a, b), all(cpuCount), all(taskCount),
        all(lockCount));
  }

  /** Returns true when lane {@code index} of {@code kind} is selected. */
  public boolean has(RowKind kind, int index) {
    return index >= 0 && switch (kind) {
      case CPU -> cpus.get(index);
      case TASK -> tasks.get(index);
      case LOCK -> locks.get(index);
    };
  }

  /** Returns the length of the interval, picoseconds. */
  public long spanPs() {
    return toPs - fromPs;
  }

  /** Returns the overlap of {@code [startPs, endPs)} with the interval, picoseconds. */
  public long overlapPs(long startPs, long endPs) {
    return Math.max(0, Math.min(endPs, toPs) - Math.max(startPs, fromPs));
  }

  /** Returns true when {@code ps} lies in {@code [fromPs, toPs)}. */
  public boolean contains(long ps) {
    return ps >= fromPs && ps < toPs;
  }

  private static BitSet all(int n) {
    BitSet b = new BitSet(n);
    b.set(0, n);
    return b;
  }
}
