package org.locksim.workload;

import java.util.Arrays;
import org.locksim.machine.CacheLine;

/**
 * The loads a {@link Section} issued ahead whose data has not arrived, in the order they were
 * issued: each with its line, when its data arrives and how much of the section's work had run
 * when it was issued (how far the core may run past it is counted from there).
 */
final class MissesInFlight {
  private CacheLine[] line = new CacheLine[4];
  private long[] arrival = new long[4];
  private long[] work = new long[4];
  private int n;

  void clear() {
    for (int i = 0; i < n; i++) {
      line[i] = null;
    }
    n = 0;
  }

  boolean isEmpty() {
    return n == 0;
  }

  /** A load of {@code l} issued after {@code workDone} of the section's work, its data due at {@code at}. */
  void add(CacheLine l, long at, long workDone) {
    if (n == line.length) {
      line = Arrays.copyOf(line, 2 * n);
      arrival = Arrays.copyOf(arrival, 2 * n);
      work = Arrays.copyOf(work, 2 * n);
    }
    line[n] = l;
    arrival[n] = at;
    work[n] = workDone;
    n++;
  }

  /** Forgets the loads whose data has arrived by {@code now}, keeping the others' order. */
  void dropArrived(long now) {
    if (n == 0) {
      return;
    }
    int kept = 0;
    for (int i = 0; i < n; i++) {
      if (arrival[i] > now) {
        line[kept] = line[i];
        arrival[kept] = arrival[i];
        work[kept] = work[i];
        kept++;
      }
    }
    for (int i = kept; i < n; i++) {
      line[i] = null;
    }
    n = kept;
  }

  /** The oldest load still missing: its line. */
  CacheLine oldestLine() {
    return line[0];
  }

  /** When the oldest load's data arrives. */
  long oldestArrival() {
    return arrival[0];
  }

  /** The section's work done when the oldest load was issued. */
  long oldestWork() {
    return work[0];
  }

  /** Forgets the oldest load: the core has waited for it. */
  void dropOldest() {
    System.arraycopy(line, 1, line, 0, n - 1);
    System.arraycopy(arrival, 1, arrival, 0, n - 1);
    System.arraycopy(work, 1, work, 0, n - 1);
    n--;
    line[n] = null;
  }

  /** The load whose data comes last: its index, for {@link #line} and {@link #arrival}. */
  int latest() {
    int last = 0;
    for (int i = 1; i < n; i++) {
      if (arrival[i] > arrival[last]) {
        last = i;
      }
    }
    return last;
  }

  /** Load {@code i}'s line. */
  CacheLine line(int i) {
    return line[i];
  }

  /** When load {@code i}'s data arrives. */
  long arrival(int i) {
    return arrival[i];
  }
}
