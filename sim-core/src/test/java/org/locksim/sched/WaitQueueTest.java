package org.locksim.sched;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Why: Linux's mutex waiter that is woken and loses the lock again must be woken first next
 * time, as it never left the kernel's wait list; the queue keeps that order across its
 * ring's wrap-around and growth.
 */
class WaitQueueTest {
  @Test
  void aTaskQueuedFirstIsWokenBeforeTheOthers() {
    WaitQueue q = new WaitQueue("q");
    q.add(1);
    q.add(2);
    q.addFirst(3);
    assertArrayEquals(new int[] {3, 1, 2}, q.snapshot());
    assertEquals(3, q.poll());
    assertEquals(1, q.poll());
  }

  @Test
  void headInsertionsSurviveWrapAroundAndGrowth() {
    WaitQueue q = new WaitQueue("q");
    for (int i = 0; i < 6; i++) {
      q.add(i);
    }
    q.poll();
    q.poll();
    for (int i = 10; i < 17; i++) {
      q.addFirst(i);
    }
    assertArrayEquals(new int[] {16, 15, 14, 13, 12, 11, 10, 2, 3, 4, 5}, q.snapshot());
    q.add(99);
    assertEquals(12, q.size());
    assertEquals(16, q.poll());
  }
}
