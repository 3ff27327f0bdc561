package org.locksim.engine;

import java.util.Arrays;

/**
 * An {@link EventQueue} as a calendar queue (Brown, "Calendar queues: a fast O(1) priority queue
 * implementation for the simulation event set problem", CACM 31(10), 1988): time is cut into
 * buckets of one width, a power of two of picoseconds, laid round a "year" of a power-of-two
 * number of buckets; each bucket is a list kept in {@code (time, seq)} order, so events of equal
 * time leave in the order they were scheduled, exactly as from {@link HeapEventQueue}. A pop
 * looks at the current bucket and moves on while the bucket's head lies in a later year. The
 * number of buckets follows the number of events (doubled or halved) and the width is set at
 * each resize from the spacing of the pending events. Events live in slot arrays linked by
 * index and recycled through a free list, so nothing is allocated per event.
 */
public final class CalendarEventQueue extends AbstractEventQueue {
  private static final int NONE = -1;

  private long[] slotTime;
  private long[] slotSeq;
  private int[] slotHandler;
  private int[] slotA;
  private long[] slotB;
  private int[] slotNext;
  private int freeHead = NONE;
  private int slotsUsed;

  private int[] bucketHead;
  /** Each bucket's last event, so an event later than all of its bucket joins it at once. */
  private int[] bucketTail;
  private int mask;
  private int shift;
  private int current;
  private long currentTop;

  public CalendarEventQueue() {
    slotTime = new long[16];
    slotSeq = new long[16];
    slotHandler = new int[16];
    slotA = new int[16];
    slotB = new long[16];
    slotNext = new int[16];
    bucketHead = new int[2];
    bucketTail = new int[2];
    Arrays.fill(bucketHead, NONE);
    Arrays.fill(bucketTail, NONE);
    mask = 1;
    shift = 0;
    currentTop = 1;
  }

  @Override
  public void push(long t, long s, int h, int x, long y) {
    int slot = newSlot();
    slotTime[slot] = t;
    slotSeq[slot] = s;
    slotHandler[slot] = h;
    slotA[slot] = x;
    slotB[slot] = y;
    link(slot);
    if (++size > 2 * bucketHead.length) {
      resize(bucketHead.length * 2);
    }
  }

  @Override
  public void pop() {
    if (size == 0) {
      throw new IllegalStateException("pop from an empty event queue");
    }
    int slot = takeFirst();
    time = slotTime[slot];
    seq = slotSeq[slot];
    handler = slotHandler[slot];
    a = slotA[slot];
    b = slotB[slot];
    slotNext[slot] = freeHead;
    freeHead = slot;
    if (--size < bucketHead.length / 2 && bucketHead.length > 2) {
      resize(bucketHead.length / 2);
    }
  }

  @Override
  public long peekTime() {
    return slotTime[first()];
  }

  /** Unlinks and returns the earliest event, moving the calendar to its bucket. */
  private int takeFirst() {
    int slot = first();
    int bucket = (int) (slotTime[slot] >>> shift) & mask;
    int next = slotNext[slot];
    bucketHead[bucket] = next;
    if (next == NONE) {
      bucketTail[bucket] = NONE;
    }
    return slot;
  }

  /**
   * The earliest event's slot: the head of the first bucket, from the current one on, whose head
   * lies in that bucket's current year; after a whole year with none, the least head of all.
   */
  private int first() {
    int[] heads = bucketHead;
    long width = 1L << shift;
    int i = current;
    long top = currentTop;
    for (int n = 0; n <= mask; n++) {
      int head = heads[i];
      if (head != NONE && slotTime[head] < top) {
        current = i;
        currentTop = top;
        return head;
      }
      i = (i + 1) & mask;
      top += width;
    }
    int best = NONE;
    for (int head : heads) {
      if (head != NONE && (best == NONE || before(head, best))) {
        best = head;
      }
    }
    long t = slotTime[best];
    current = (int) (t >>> shift) & mask;
    currentTop = ((t >>> shift) + 1) << shift;
    return best;
  }

  private boolean before(int x, int y) {
    return slotTime[x] < slotTime[y] || (slotTime[x] == slotTime[y] && slotSeq[x] < slotSeq[y]);
  }

  /**
   * Inserts {@code slot} into its bucket's list, after every event that comes before it: at the
   * tail when it comes after the tail (the usual case, as events are mostly scheduled later than
   * those already pending), else by a walk from the head.
   */
  private void link(int slot) {
    long t = slotTime[slot];
    int bucket = (int) (t >>> shift) & mask;
    int tail = bucketTail[bucket];
    if (tail == NONE) {
      slotNext[slot] = NONE;
      bucketHead[bucket] = slot;
      bucketTail[bucket] = slot;
    } else if (before(tail, slot)) {
      slotNext[slot] = NONE;
      slotNext[tail] = slot;
      bucketTail[bucket] = slot;
    } else {
      int prev = NONE;
      int at = bucketHead[bucket];
      while (!before(slot, at)) {
        prev = at;
        at = slotNext[at];
      }
      slotNext[slot] = at;
      if (prev == NONE) {
        bucketHead[bucket] = slot;
      } else {
        slotNext[prev] = slot;
      }
    }
    if (size == 0 || t < currentTop - (1L << shift)) {
      // Earlier than the calendar's current bucket (or the first event): start the search at it.
      current = bucket;
      currentTop = ((t >>> shift) + 1) << shift;
    }
  }

  private int newSlot() {
    if (freeHead != NONE) {
      int slot = freeHead;
      freeHead = slotNext[slot];
      return slot;
    }
    if (slotsUsed == slotTime.length) {
      int cap = slotTime.length * 2;
      slotTime = Arrays.copyOf(slotTime, cap);
      slotSeq = Arrays.copyOf(slotSeq, cap);
      slotHandler = Arrays.copyOf(slotHandler, cap);
      slotA = Arrays.copyOf(slotA, cap);
      slotB = Arrays.copyOf(slotB, cap);
      slotNext = Arrays.copyOf(slotNext, cap);
    }
    return slotsUsed++;
  }

  /**
   * Re-lays every pending event over {@code buckets} buckets, with a width of about three times
   * the mean spacing of the pending events (Brown's rule of thumb), rounded to a power of two.
   */
  private void resize(int buckets) {
    int[] old = bucketHead;
    long min = Long.MAX_VALUE;
    long max = Long.MIN_VALUE;
    for (int head : old) {
      for (int at = head; at != NONE; at = slotNext[at]) {
        min = Math.min(min, slotTime[at]);
        max = Math.max(max, slotTime[at]);
      }
    }
    long spacing = size > 1 ? (max - min) / (size - 1) : 1;
    shift = 63 - Long.numberOfLeadingZeros(Math.max(1, 3 * spacing));
    bucketHead = new int[buckets];
    bucketTail = new int[buckets];
    Arrays.fill(bucketHead, NONE);
    Arrays.fill(bucketTail, NONE);
    mask = buckets - 1;
    int count = size;
    size = 0;
    for (int head : old) {
      int at = head;
      while (at != NONE) {
        int next = slotNext[at];
        link(at);
        size++;
        at = next;
      }
    }
    size = count;
  }

  @Override
  public long peekSeq() {
    return slotSeq[first()];
  }
}
