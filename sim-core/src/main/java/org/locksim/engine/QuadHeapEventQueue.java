package org.locksim.engine;

import java.util.Arrays;

/**
 * An {@link EventQueue} as an implicit 4-ary min-heap over parallel primitive arrays: node
 * {@code i}'s children are {@code 4i+1 .. 4i+4}, so a heap of n events is {@code log4 n} levels
 * deep, half as many as a binary heap's, and the four keys compared at each level lie side by
 * side in memory (LaMarca and Ladner, "The influence of caches on the performance of heaps",
 * ACM JEA 1, 1996: at a million events the levels, each a cache miss, are what a pop costs).
 * A node's key, {@code (time, seq)}, is a pair of adjacent longs in one array, so the four
 * children compared at each level are 64 contiguous bytes; an event's payload (handler, a, b)
 * is a pair of adjacent longs in a slot array recycled through a free list, so a pop reads one
 * payload line and nothing is allocated per event.
 * The order is the same total order, {@code (time, seq)}, so a run pops the same events in the
 * same order with either queue.
 */
public final class QuadHeapEventQueue extends AbstractEventQueue {
  /** Node i's time at {@code 2i}, its seq at {@code 2i + 1}. */
  private long[] keys;
  private int[] heapSlot;

  /** Slot j's handler (high half) and a (low half) at {@code 2j}, its b at {@code 2j + 1}. */
  private long[] payload;
  private int[] freeSlots;
  private int freeCount;
  private int slotsUsed;

  /** Creates a queue with room for {@code initialCapacity} events before it grows. */
  public QuadHeapEventQueue(int initialCapacity) {
    int cap = Math.max(16, initialCapacity);
    keys = new long[2 * cap];
    heapSlot = new int[cap];
    payload = new long[2 * cap];
    freeSlots = new int[cap];
  }

  public QuadHeapEventQueue() {
    this(1024);
  }

  @Override
  public void push(long t, long s, int h, int x, long y) {
    if (size == heapSlot.length) {
      grow();
    }
    int slot = freeCount > 0 ? freeSlots[--freeCount] : slotsUsed++;
    payload[2 * slot] = ((long) h << 32) | (x & 0xFFFF_FFFFL);
    payload[2 * slot + 1] = y;
    long[] k = keys;
    int[] hl = heapSlot;
    int i = size++;
    while (i > 0) {
      int parent = (i - 1) >>> 2;
      long pt = k[2 * parent];
      if (pt < t || (pt == t && k[2 * parent + 1] < s)) {
        break;
      }
      k[2 * i] = pt;
      k[2 * i + 1] = k[2 * parent + 1];
      hl[i] = hl[parent];
      i = parent;
    }
    k[2 * i] = t;
    k[2 * i + 1] = s;
    hl[i] = slot;
  }

  @Override
  public void pop() {
    if (size == 0) {
      throw new IllegalStateException("pop from an empty event queue");
    }
    long[] k = keys;
    int[] hl = heapSlot;
    int slot = hl[0];
    time = k[0];
    seq = k[1];
    long ha = payload[2 * slot];
    handler = (int) (ha >>> 32);
    a = (int) ha;
    b = payload[2 * slot + 1];
    freeSlots[freeCount++] = slot;
    int n = --size;
    if (n == 0) {
      return;
    }
    long t = k[2 * n];
    long s = k[2 * n + 1];
    int sl = hl[n];
    int i = 0;
    while (true) {
      int first = (i << 2) + 1;
      if (first >= n) {
        break;
      }
      int end = Math.min(first + 4, n);
      int best = first;
      long bt = k[2 * first];
      long bs = k[2 * first + 1];
      for (int c = first + 1; c < end; c++) {
        long ct = k[2 * c];
        if (ct < bt || (ct == bt && k[2 * c + 1] < bs)) {
          best = c;
          bt = ct;
          bs = k[2 * c + 1];
        }
      }
      if (t < bt || (t == bt && s < bs)) {
        break;
      }
      k[2 * i] = bt;
      k[2 * i + 1] = bs;
      hl[i] = hl[best];
      i = best;
    }
    k[2 * i] = t;
    k[2 * i + 1] = s;
    hl[i] = sl;
  }

  private void grow() {
    int cap = heapSlot.length * 2;
    keys = Arrays.copyOf(keys, 2 * cap);
    heapSlot = Arrays.copyOf(heapSlot, cap);
    payload = Arrays.copyOf(payload, 2 * cap);
    freeSlots = Arrays.copyOf(freeSlots, cap);
  }

  @Override
  public long peekTime() {
    return keys[0];
  }

  @Override
  public long peekSeq() {
    return keys[1];
  }
}
