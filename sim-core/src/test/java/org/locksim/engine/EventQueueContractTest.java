package org.locksim.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Comparator;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Why: every run's determinism rests on the queue popping events in exactly {@code (time, seq)}
 * order, whichever implementation the engine uses. One contract, run against every
 * {@link EventQueue}, checked against {@link PriorityQueue} as the reference.
 */
class EventQueueContractTest {
  static Stream<Supplier<EventQueue>> queues() {
    return Stream.of(() -> new HeapEventQueue(16), () -> new QuadHeapEventQueue(16),
        CalendarEventQueue::new, RadixEventQueue::new);
  }

  @ParameterizedTest
  @MethodSource("queues")
  void popsInTimeThenScheduleOrderLikeTheReference(Supplier<EventQueue> make) {
    // Few distinct times, so ties are common.
    checkAgainstReference(make.get(), (random, now) -> now + random.nextInt(20));
  }

  @ParameterizedTest
  @MethodSource("queues")
  void popsInOrderWhenTimesSpreadOverManyScales(Supplier<EventQueue> make) {
    // Mostly near events, some a second or more ahead: bucketed queues see empty years and resizes.
    checkAgainstReference(make.get(), (random, now) -> now + (random.nextInt(10) == 0
        ? random.nextLong(1_000_000_000_000L) : random.nextInt(1_000_000)));
  }

  private interface NextTime {
    long after(SplittableRandom random, long now);
  }

  private static void checkAgainstReference(EventQueue q, NextTime next) {
    PriorityQueue<long[]> reference = new PriorityQueue<>(
        Comparator.<long[]>comparingLong(e -> e[0]).thenComparingLong(e -> e[1]));
    SplittableRandom random = new SplittableRandom(7);
    long seq = 0;
    long now = 0;
    for (int step = 0; step < 200_000; step++) {
      // Grow and shrink through several capacities.
      boolean push = reference.isEmpty() || random.nextInt(100) < (step % 50_000 < 30_000 ? 60 : 40);
      if (push) {
        long t = next.after(random, now);
        int h = random.nextInt(5);
        int a = random.nextInt();
        long b = random.nextLong();
        q.push(t, seq, h, a, b);
        reference.add(new long[] {t, seq, h, a, b});
        seq++;
        if (random.nextInt(4) == 0) {
          // A peek between pushes: the simulation looks at the queue's head before it schedules.
          assertEquals(reference.peek()[0], q.peekTime());
          assertEquals(reference.peek()[1], q.peekSeq());
        }
      } else {
        long[] e = reference.poll();
        assertEquals(e[0], q.peekTime());
        assertEquals(e[1], q.peekSeq());
        q.pop();
        assertEquals(e[0], q.time());
        assertEquals(e[1], q.seq());
        assertEquals(e[2], q.handler());
        assertEquals(e[3], q.a());
        assertEquals(e[4], q.b());
        now = e[0];
      }
      assertEquals(reference.size(), q.size());
    }
  }

  @ParameterizedTest
  @MethodSource("queues")
  void keepsEqualTimesInScheduleOrder(Supplier<EventQueue> make) {
    EventQueue q = make.get();
    for (int i = 0; i < 100; i++) {
      q.push(i % 2 == 0 ? 5 : 3, i, 0, i, 0);
    }
    for (int i = 1; i < 100; i += 2) {
      q.pop();
      assertEquals(i, q.a());
    }
    for (int i = 0; i < 100; i += 2) {
      q.pop();
      assertEquals(i, q.a());
    }
    assertEquals(0, q.size());
  }

  @org.junit.jupiter.api.Test
  void radixHeapRefusesAnEventBeforeTheLastPopped() {
    // Its buckets are relative to that time; a monotone simulation never schedules before it.
    EventQueue q = new RadixEventQueue();
    q.push(10, 0, 0, 0, 0);
    q.push(20, 1, 0, 0, 0);
    q.pop();
    q.push(10, 2, 0, 0, 0);
    assertThrows(IllegalArgumentException.class, () -> q.push(9, 3, 0, 0, 0));
  }

  @ParameterizedTest
  @MethodSource("queues")
  void refusesToPopWhenEmpty(Supplier<EventQueue> make) {
    assertThrows(IllegalStateException.class, make.get()::pop);
  }
}
