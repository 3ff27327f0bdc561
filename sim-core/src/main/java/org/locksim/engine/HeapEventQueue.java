package org.locksim.engine;

import java.util.Arrays;

/**
 * The default {@link EventQueue}: an implicit binary min-heap over parallel primitive arrays.
 * Keys ({@code time}, {@code seq}) live in the heap arrays so sifting touches two longs and an
 * int per level; payloads stay in slot arrays addressed by the heap's slot index and are
 * recycled through a free list, so nothing is allocated per event.
 */
public final class HeapEventQueue extends AbstractEventQueue {
  private long[] heapTime;
  private long[] heapSeq;
  private int[] heapSlot;

  private int[] slotHandler;
  private int[] slotA;
  private long[] slotB;
  private int[] freeSlots;
  private int freeCount;
  private int slotsUsed;

  /** Creates a queue with room for {@code initialCapacity} events before it grows. */
  public HeapEventQueue(int initialCapacity) {
    int cap = Math.max(16, initialCapacity);
    heapTime = new long[cap];
    heapSeq = new long[cap];
    heapSlot = new int[cap];
    slotHandler = new int[cap];
    slotA = new int[cap];
    slotB = new long[cap];
    freeSlots = new int[cap];
  }

  public HeapEventQueue() {
    this(1024);
  }

  @Override
  public void push(long t, long s, int h, int x, long y) {
    if (size == heapTime.length) {
      grow();
    }
    int slot = freeCount > 0 ? freeSlots[--freeCount] : slotsUsed++;
    slotHandler[slot] = h;
    slotA[slot] = x;
    slotB[slot] = y;
    int i = size++;
    while (i > 0) {
      int parent = (i - 1) >>> 1;
      long pt = heapTime[parent];
      if (pt < t || (pt == t && heapSeq[parent] < s)) {
        break;
      }
      heapTime[i] = pt;
      heapSeq[i] = heapSeq[parent];
      heapSlot[i] = heapSlot[parent];
      i = parent;
    }
    heapTime[i] = t;
    heapSeq[i] = s;
    heapSlot[i] = slot;
  }

  @Override
  public void pop() {
    if (size == 0) {
      throw new IllegalStateException("pop from an empty event queue");
    }
    int slot = heapSlot[0];
    time = heapTime[0];
    seq = heapSeq[0];
    handler = slotHandler[slot];
    a = slotA[slot];
    b = slotB[slot];
    freeSlots[freeCount++] = slot;
    int n = --size;
    if (n == 0) {
      return;
    }
    long t = heapTime[n];
    long s = heapSeq[n];
    int sl = heapSlot[n];
    int i = 0;
    int half = n >>> 1;
    while (i < half) {
      int child = 2 * i + 1;
      int right = child + 1;
      if (right < n
          && (heapTime[right] < heapTime[child]
              || (heapTime[right] == heapTime[child] && heapSeq[right] < heapSeq[child]))) {
        child = right;
      }
      long ct = heapTime[child];
      if (t < ct || (t == ct && s < heapSeq[child])) {
        break;
      }
      heapTime[i] = ct;
      heapSeq[i] = heapSeq[child];
      heapSlot[i] = heapSlot[child];
      i = child;
    }
    heapTime[i] = t;
    heapSeq[i] = s;
    heapSlot[i] = sl;
  }

  private void grow() {
    int cap = heapTime.length * 2;
    heapTime = Arrays.copyOf(heapTime, cap);
    heapSeq = Arrays.copyOf(heapSeq, cap);
    heapSlot = Arrays.copyOf(heapSlot, cap);
    slotHandler = Arrays.copyOf(slotHandler, cap);
    slotA = Arrays.copyOf(slotA, cap);
    slotB = Arrays.copyOf(slotB, cap);
    freeSlots = Arrays.copyOf(freeSlots, cap);
  }

  @Override
  public long peekTime() {
    return heapTime[0];
  }

  @Override
  public long peekSeq() {
    return heapSeq[0];
  }
}
