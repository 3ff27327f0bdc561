package org.locksim.engine;

import java.util.Arrays;

/**
 * A fixed set of timers, each with at most one pending firing, kept in an indexed binary
 * min-heap beside the {@link Simulation}'s event queue. Setting a timer that is pending moves it
 * in place, and cancelling it removes it, where the queue could only add a new event and leave
 * the old one to be skipped when popped. A model whose components reschedule one thing each
 * again and again (a CPU's next step when a sibling hardware thread changes its speed) then
 * pops one event per firing instead of one per change.
 *
 * <p>A setting takes the simulation's next sequence number, as {@link Simulation#schedule}
 * would, and the loop interleaves the timers with the queue by {@code (time, seq)}: the events
 * run in the order that scheduling a fresh event and skipping the replaced one would give.
 * The heap is the classic indexed one (Sedgewick and Wayne, Algorithms, 4th ed., section 2.4,
 * "index priority queue").
 */
public final class Timers {
  private final Simulation sim;
  private final EventHandler handler;
  private final long[] time;
  private final long[] seq;
  /** The heap: timer ids, earliest first. */
  private final int[] heap;
  /** Per timer: its position in {@link #heap}, or -1 when it is not pending. */
  private final int[] pos;
  private int size;

  Timers(Simulation sim, EventHandler handler, int count) {
    this.sim = sim;
    this.handler = handler;
    this.time = new long[count];
    this.seq = new long[count];
    this.heap = new int[count];
    this.pos = new int[count];
    Arrays.fill(pos, -1);
  }

  /**
   * Sets timer {@code id} to fire at {@code at} (not earlier than now), replacing the firing it
   * had pending, if any.
   */
  public void set(int id, long at) {
    long s = sim.nextSeq(at);
    time[id] = at;
    seq[id] = s;
    int i = pos[id];
    if (i < 0) {
      i = size++;
      heap[i] = id;
      pos[id] = i;
      up(i);
    } else if (!up(i)) {
      down(i);
    }
  }

  /** Cancels timer {@code id}'s pending firing, if any. */
  public void cancel(int id) {
    int i = pos[id];
    if (i < 0) {
      return;
    }
    pos[id] = -1;
    int last = --size;
    if (i != last) {
      heap[i] = heap[last];
      pos[heap[i]] = i;
      if (!up(i)) {
        down(i);
      }
    }
  }

  /** Whether timer {@code id} has a firing pending. */
  public boolean pending(int id) {
    return pos[id] >= 0;
  }

  int size() {
    return size;
  }

  long peekTime() {
    return time[heap[0]];
  }

  long peekSeq() {
    return seq[heap[0]];
  }

  /** Removes the earliest timer and runs its handler with the timer's id. */
  void fireFirst() {
    int id = heap[0];
    cancel(id);
    handler.handle(id, 0);
  }

  private boolean before(int x, int y) {
    return time[x] < time[y] || (time[x] == time[y] && seq[x] < seq[y]);
  }

  /** Moves the timer at {@code i} up while it is earlier than its parent; whether it moved. */
  private boolean up(int i) {
    int id = heap[i];
    int start = i;
    while (i > 0) {
      int parent = (i - 1) >>> 1;
      if (!before(id, heap[parent])) {
        break;
      }
      heap[i] = heap[parent];
      pos[heap[i]] = i;
      i = parent;
    }
    heap[i] = id;
    pos[id] = i;
    return i != start;
  }

  private void down(int i) {
    int id = heap[i];
    int half = size >>> 1;
    while (i < half) {
      int child = 2 * i + 1;
      int right = child + 1;
      if (right < size && before(heap[right], heap[child])) {
        child = right;
      }
      if (!before(heap[child], id)) {
        break;
      }
      heap[i] = heap[child];
      pos[heap[i]] = i;
      i = child;
    }
    heap[i] = id;
    pos[id] = i;
  }
}
