package org.locksim.sched;

import java.util.Arrays;

/**
 * A queue of blocked tasks, woken from the head: a turnstile or a mutex wait list. Tasks join
 * at the tail. Only the kernel moves tasks in and out: {@link Kernel#prepareToWait} adds,
 * {@link Kernel#wake} takes tasks off as it wakes them (a turnstile's), and
 * {@link Kernel#wakeFirstInPlace} wakes the head where it stands, for lists each waiter leaves
 * itself with {@link Kernel#finishWait} (Linux's mutex {@code wait_list}).
 */
public final class WaitQueue {
  private final String name;
  private int[] ring = new int[8];
  private int head;
  private int size;

  public WaitQueue(String name) {
    this.name = name;
  }

  public String name() {
    return name;
  }

  public int size() {
    return size;
  }

  public boolean isEmpty() {
    return size == 0;
  }

  void add(int task) {
    makeRoom();
    ring[(head + size) % ring.length] = task;
    size++;
  }

  private void makeRoom() {
    if (size == ring.length) {
      int[] n = new int[ring.length * 2];
      for (int i = 0; i < size; i++) {
        n[i] = ring[(head + i) % ring.length];
      }
      ring = n;
      head = 0;
    }
  }

  /** The task at the head, left there. */
  int peek() {
    return ring[head];
  }

  int poll() {
    int t = ring[head];
    head = (head + 1) % ring.length;
    size--;
    return t;
  }

  /** Removes {@code task} if it is queued; whether it was. */
  boolean remove(int task) {
    for (int i = 0; i < size; i++) {
      if (ring[(head + i) % ring.length] == task) {
        for (int j = i; j < size - 1; j++) {
          ring[(head + j) % ring.length] = ring[(head + j + 1) % ring.length];
        }
        size--;
        return true;
      }
    }
    return false;
  }

  /** Tasks waiting, head first: for invariant checks. */
  public int[] snapshot() {
    int[] out = new int[size];
    for (int i = 0; i < size; i++) {
      out[i] = ring[(head + i) % ring.length];
    }
    return out;
  }

  @Override
  public String toString() {
    return name + Arrays.toString(snapshot());
  }
}
