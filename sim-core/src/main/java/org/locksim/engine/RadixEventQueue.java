package org.locksim.engine;

import java.util.Arrays;

/**
 * An {@link EventQueue} as a radix heap (Ahuja, Mehlhorn, Orlin and Tarjan, "Faster algorithms
 * for the shortest path problem", J. ACM 37(2), 1990), which a discrete-event simulation may use
 * because its queue is monotone: no event is scheduled before the time of the event popped last.
 * An event goes to the bucket of the highest bit in which its time differs from that time (the
 * base): bucket 0 holds the events at the base itself, bucket {@code k} those whose times first
 * differ from it at bit {@code k - 1}. A push is one append. When bucket 0 runs out, the first
 * bucket that is not empty gives its earliest event's time as the new base, and its events move
 * down to the buckets that time selects; an event moves down at most 64 times in its life, and in
 * a run's few-microsecond horizon a handful.
 *
 * <p>Ties keep {@code (time, seq)} order: bucket 0 is read in the order it was filled, events
 * pushed at the base come in increasing {@code seq}, and the events a refill brings to the base
 * are sorted by {@code seq} first. Payloads sit in slot arrays recycled through a free list, as in
 * {@link HeapEventQueue}, so nothing is allocated per event once the buckets have grown. (The two
 * keep their own copies of those arrays: a holder object shared by both, one load more per
 * access, made the binary heap 10% to 20% slower in {@code EventQueueBench}.)
 */
public final class RadixEventQueue extends AbstractEventQueue {
  private static final int BUCKETS = 65;
  private static final int FIRST_CAPACITY = 16;

  private final long[][] times = new long[BUCKETS][];
  private final long[][] seqs = new long[BUCKETS][];
  private final int[][] slots = new int[BUCKETS][];
  private final int[] count = new int[BUCKETS];
  /** Bucket 0 is read from here on. */
  private int head;
  /** The time of the event popped last: no pending event is earlier. */
  private long base;
  /** While bucket 0 is empty: the bucket and index of the earliest event, or -1 when not known. */
  private int minBucket = -1;
  private int minIndex;

  private int[] slotHandler;
  private int[] slotA;
  private long[] slotB;
  private int[] freeSlots;
  private int freeCount;
  private int slotsUsed;

  public RadixEventQueue() {
    for (int k = 0; k < BUCKETS; k++) {
      times[k] = new long[FIRST_CAPACITY];
      seqs[k] = new long[FIRST_CAPACITY];
      slots[k] = new int[FIRST_CAPACITY];
    }
    slotHandler = new int[FIRST_CAPACITY];
    slotA = new int[FIRST_CAPACITY];
    slotB = new long[FIRST_CAPACITY];
    freeSlots = new int[FIRST_CAPACITY];
  }

  /** @throws IllegalArgumentException for a time before the event popped last */
  @Override
  public void push(long t, long s, int h, int x, long y) {
    if (t < base) {
      throw new IllegalArgumentException("event at " + t + " ps, before the last popped at " + base);
    }
    int slot;
    if (freeCount > 0) {
      slot = freeSlots[--freeCount];
    } else {
      if (slotsUsed == slotHandler.length) {
        growSlots();
      }
      slot = slotsUsed++;
    }
    slotHandler[slot] = h;
    slotA[slot] = x;
    slotB[slot] = y;
    int k = bucket(t);
    append(k, t, s, slot);
    size++;
    if (minBucket >= 0) {
      if (k == 0) {
        minBucket = -1;
      } else if (t < times[minBucket][minIndex]) {
        minBucket = k;
        minIndex = count[k] - 1;
      }
    }
  }

  @Override
  public void pop() {
    if (size == 0) {
      throw new IllegalStateException("pop from an empty event queue");
    }
    if (head == count[0]) {
      refill();
    }
    int i = head++;
    time = times[0][i];
    seq = seqs[0][i];
    int slot = slots[0][i];
    if (head == count[0]) {
      head = 0;
      count[0] = 0;
    }
    size--;
    handler = slotHandler[slot];
    a = slotA[slot];
    b = slotB[slot];
    freeSlots[freeCount++] = slot;
  }

  @Override
  public long peekTime() {
    if (head < count[0]) {
      return times[0][head];
    }
    findMin();
    return times[minBucket][minIndex];
  }

  @Override
  public long peekSeq() {
    if (head < count[0]) {
      return seqs[0][head];
    }
    findMin();
    return seqs[minBucket][minIndex];
  }

  private int bucket(long t) {
    return t == base ? 0 : 64 - Long.numberOfLeadingZeros(t ^ base);
  }

  private void append(int k, long t, long s, int slot) {
    int n = count[k];
    if (n == times[k].length) {
      int cap = 2 * n;
      times[k] = Arrays.copyOf(times[k], cap);
      seqs[k] = Arrays.copyOf(seqs[k], cap);
      slots[k] = Arrays.copyOf(slots[k], cap);
    }
    times[k][n] = t;
    seqs[k][n] = s;
    slots[k][n] = slot;
    count[k] = n + 1;
  }

  /** Finds the earliest event while bucket 0 is empty: in the first bucket that is not. */
  private void findMin() {
    if (minBucket >= 0) {
      return;
    }
    int k = 1;
    while (count[k] == 0) {
      k++;
    }
    long[] t = times[k];
    long[] s = seqs[k];
    int best = 0;
    for (int i = 1, n = count[k]; i < n; i++) {
      if (t[i] < t[best] || (t[i] == t[best] && s[i] < s[best])) {
        best = i;
      }
    }
    minBucket = k;
    minIndex = best;
  }

  /**
   * Bucket 0 is empty: the earliest event's time becomes the base, and its bucket's events move
   * to the buckets that base selects, all lower; those at the base are put in {@code seq} order.
   */
  private void refill() {
    findMin();
    int k = minBucket;
    base = times[k][minIndex];
    minBucket = -1;
    long[] t = times[k];
    long[] s = seqs[k];
    int[] sl = slots[k];
    int n = count[k];
    count[k] = 0;
    for (int i = 0; i < n; i++) {
      append(bucket(t[i]), t[i], s[i], sl[i]);
    }
    sortBaseBySeq();
  }

  /** Insertion sort of bucket 0 by {@code seq}: it holds the events a refill brought, most often one. */
  private void sortBaseBySeq() {
    long[] t = times[0];
    long[] s = seqs[0];
    int[] sl = slots[0];
    for (int i = 1, n = count[0]; i < n; i++) {
      long ti = t[i];
      long si = s[i];
      int li = sl[i];
      int j = i - 1;
      while (j >= 0 && s[j] > si) {
        t[j + 1] = t[j];
        s[j + 1] = s[j];
        sl[j + 1] = sl[j];
        j--;
      }
      t[j + 1] = ti;
      s[j + 1] = si;
      sl[j + 1] = li;
    }
  }

  private void growSlots() {
    int cap = 2 * slotHandler.length;
    slotHandler = Arrays.copyOf(slotHandler, cap);
    slotA = Arrays.copyOf(slotA, cap);
    slotB = Arrays.copyOf(slotB, cap);
    freeSlots = Arrays.copyOf(freeSlots, cap);
  }
}
