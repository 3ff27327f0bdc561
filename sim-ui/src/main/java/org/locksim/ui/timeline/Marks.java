package org.locksim.ui.timeline;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.locksim.trace.RowKind;

/**
 * What the user has marked on the time axis, shared by every view of one window as the
 * {@link Viewport} is: a selected interval over some lanes (Perfetto's area selection), the
 * replay cursor, and the lanes a search matched. Views redraw when it changes.
 */
public final class Marks {
  private final List<Runnable> listeners = new ArrayList<>();
  private long selFromPs = -1;
  private long selToPs = -1;
  private BitSet[] selLanes;
  private long cursorPs = -1;

  /** Selects {@code [a, b)} (either order) over every lane. */
  public void select(long a, long b) {
    select(a, b, null);
  }

  /**
   * Selects {@code [a, b)} (either order) over the lanes in {@code lanes} (indexed by
   * {@link RowKind} ordinal), or every lane when null. An empty interval clears the selection.
   */
  public void select(long a, long b, BitSet[] lanes) {
    if (a == b) {
      clearSelection();
      return;
    }
    selFromPs = Math.min(a, b);
    selToPs = Math.max(a, b);
    selLanes = lanes == null ? null : lanes.clone();
    changed();
  }

  public void clearSelection() {
    selFromPs = -1;
    selToPs = -1;
    selLanes = null;
    changed();
  }

  public boolean hasSelection() {
    return selToPs > selFromPs;
  }

  public long selectionFromPs() {
    return selFromPs;
  }

  public long selectionToPs() {
    return selToPs;
  }

  /** Returns true when lane {@code index} of {@code kind} is in the selection's lanes. */
  public boolean laneSelected(RowKind kind, int index) {
    return selLanes == null || selLanes[kind.ordinal()].get(index);
  }

  /** Returns true when the selection covers every lane. */
  public boolean allLanes() {
    return selLanes == null;
  }

  /** Puts the replay cursor at {@code ps}, or hides it with -1. */
  public void setCursor(long ps) {
    cursorPs = ps;
    changed();
  }

  public long cursorPs() {
    return cursorPs;
  }

  /** Calls {@code r} after every change. */
  public void addListener(Runnable r) {
    listeners.add(r);
  }

  public void removeListener(Runnable r) {
    listeners.remove(r);
  }

  private void changed() {
    for (Runnable r : List.copyOf(listeners)) {
      r.run();
    }
  }
}
