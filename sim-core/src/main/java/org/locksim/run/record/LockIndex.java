package org.locksim.run.record;

import java.util.Arrays;
import java.util.List;
import org.locksim.lock.Lock;

/**
 * Maps a {@link Lock} to its row (its index in the scenario's lock list) in constant time and
 * without allocating, through the id of the lock's cache line: the lock lines are allocated
 * when the locks are built, before anything runs, so their ids are known up front.
 */
final class LockIndex {
  private final Lock[] locks;
  private final int[] byLine;

  LockIndex(List<Lock> locks) {
    this.locks = locks.toArray(new Lock[0]);
    int max = -1;
    for (Lock l : locks) {
      max = Math.max(max, l.line().id());
    }
    byLine = new int[max + 1];
    Arrays.fill(byLine, -1);
    for (int i = 0; i < this.locks.length; i++) {
      byLine[this.locks[i].line().id()] = i;
    }
  }

  /** The row of {@code lock}, or -1 for a lock the run did not start with. */
  int of(Lock lock) {
    int id = lock.line().id();
    int i = id < byLine.length ? byLine[id] : -1;
    return i >= 0 && locks[i] == lock ? i : -1;
  }

  int size() {
    return locks.length;
  }

  Lock lock(int i) {
    return locks[i];
  }
}
