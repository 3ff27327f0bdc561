package org.locksim.sched;

import java.util.Arrays;

/**
 * One CPU's queue of runnable tasks that are not running, with the queue's minimum virtual
 * runtime (CFS's {@code min_vruntime}, which only grows). Small queues make a linear scan for
 * the leftmost task cheaper than a tree.
 */
final class RunQueue {
  private Task[] tasks = new Task[8];
  private int size;
  long minVruntime;

  int size() {
    return size;
  }

  void add(Task t) {
    if (size == tasks.length) {
      tasks = Arrays.copyOf(tasks, size * 2);
    }
    tasks[size++] = t;
  }

  /** The task with the least virtual runtime (first queued on ties), or null. */
  Task peekMin() {
    Task best = null;
    for (int i = 0; i < size; i++) {
      if (best == null || tasks[i].vruntime < best.vruntime) {
        best = tasks[i];
      }
    }
    return best;
  }

  /** Removes {@code t}, keeping the others in queue order. */
  void remove(Task t) {
    for (int i = 0; i < size; i++) {
      if (tasks[i] == t) {
        System.arraycopy(tasks, i + 1, tasks, i, size - i - 1);
        tasks[--size] = null;
        return;
      }
    }
    throw new IllegalStateException(t + " not in run queue");
  }

  /**
   * The queued task a balancer may move to {@code dest}: the most recently queued one that
   * last ran before {@code coldBefore} (cache-cold) and may run on {@code dest}, or null.
   */
  Task lastCold(long coldBefore, int dest) {
    for (int i = size - 1; i >= 0; i--) {
      if (tasks[i].lastRanAt <= coldBefore && tasks[i].allowedOn(dest)) {
        return tasks[i];
      }
    }
    return null;
  }

  /** Whether some queued task may run on {@code dest}. */
  boolean anyAllowedOn(int dest) {
    for (int i = 0; i < size; i++) {
      if (tasks[i].allowedOn(dest)) {
        return true;
      }
    }
    return false;
  }

  void advanceMin(long candidate) {
    if (candidate > minVruntime) {
      minVruntime = candidate;
    }
  }
}
