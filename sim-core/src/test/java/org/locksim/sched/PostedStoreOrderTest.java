package org.locksim.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.locksim.machine.CacheLine;

/**
 * Why: a posted store (a lock's release) is ordered where it reaches its line, as a load or an
 * atomic is, although its CPU goes on at once. On the two-socket Broadwell a CPU of socket 0
 * owns the line; a CPU of socket 1 stores to it, and a few nanoseconds later a CPU of socket 0
 * exchanges it. The exchange gets to the owner's socket first, so it reads the owner's value,
 * and the store lands after it. The storing CPU does not wait for its store, and its stores
 * are ordered in program order: a second store, to a line of its own, is seen only after the
 * first.
 */
class PostedStoreOrderTest {
  private static final long NS = 1_000;
  private static final long START = 1_000 * NS;
  private static final long OWNER = 1;
  private static final long FAR = 2;
  private static final long NEAR = 3;

  @Test
  void anExchangeThatReachesTheLineFirstIsServedBeforeAStoreIssuedEarlier() {
    LineRaces r = new LineRaces();
    long[] seen = new long[1];
    long[] storerGoesOn = new long[1];
    r.start("owner", LineRaces.exchange(r.line, OWNER, 0, null, 0), 0, 0);
    r.start("far", storeThen(r.line, FAR, START, storerGoesOn, r.m.newLine("scratch", 1), 0), 1, 0);
    r.start("near", LineRaces.exchange(r.line, NEAR, START + 5 * NS, seen, 0), 0, 1);
    r.run();
    assertEquals(OWNER, seen[0], "the exchange reads the owner's value");
    assertEquals(FAR, r.line.peek(0), "the store lands after it");
    assertTrue(storerGoesOn[0] - START < 5 * NS, "the storing CPU goes on at once: "
        + (storerGoesOn[0] - START) + " ps after the store");
  }

  @Test
  void anExchangeIssuedWellAfterTheStoreReadsIt() {
    LineRaces r = new LineRaces();
    long[] seen = new long[1];
    r.start("owner", LineRaces.exchange(r.line, OWNER, 0, null, 0), 0, 0);
    r.start("far", storeThen(r.line, FAR, START, new long[1], r.m.newLine("scratch", 1), 0), 1, 0);
    r.start("near", LineRaces.exchange(r.line, NEAR, START + 300 * NS, seen, 0), 0, 1);
    r.run();
    assertEquals(FAR, seen[0], "the exchange reads the store's value");
    assertEquals(NEAR, r.line.peek(0));
  }

  @Test
  void aCpusSecondStoreIsSeenOnlyAfterItsFirst() {
    // The far CPU stores to the line socket 0 owns, then to a line of its own; a CPU beside it
    // reads its own line 10 ns later, before the first store can have reached its line: the
    // second store is not seen yet. Read 300 ns later, it is.
    assertEquals(0, readSecondLine(10 * NS), "not before the first store");
    assertEquals(7, readSecondLine(300 * NS), "after it");
  }

  private static long readSecondLine(long lagPs) {
    LineRaces r = new LineRaces();
    CacheLine own = r.m.newLine("own", 1);
    long[] seen = new long[1];
    r.start("owner", LineRaces.exchange(r.line, OWNER, 0, null, 0), 0, 0);
    r.start("far", storeThen(r.line, FAR, START, new long[1], own, 7), 1, 0);
    r.start("reader", read(own, START + lagPs, seen), 1, 1);
    r.run();
    assertEquals(7, own.peek(0), "the second store lands");
    return seen[0];
  }

  /** Reads {@code line} after {@code afterPs} into {@code seen[0]}. */
  private static Routine read(CacheLine line, long afterPs, long[] seen) {
    return new Routine("r") {
      @Override
      public void step(Kernel k) {
        switch (k.pc()) {
          case 0 -> {
            k.compute(afterPs, 0, false);
            k.next(1);
          }
          case 1 -> {
            k.load(line, 0);
            k.next(2);
          }
          case 2 -> {
            seen[0] = k.result();
            k.exit();
          }
          default -> throw new IllegalStateException("pc " + k.pc());
        }
      }
    };
  }

  /**
   * Stores {@code value} into {@code line} {@code afterPs} after its start and records when it
   * goes on, from its start; then stores {@code secondValue} into {@code second}. First it
   * stores 0 into {@code second}, so that that line is its own.
   */
  private static Routine storeThen(CacheLine line, long value, long afterPs, long[] goesOn,
      CacheLine second, long secondValue) {
    long[] started = new long[1];
    return new Routine("s" + value) {
      @Override
      public void step(Kernel k) {
        switch (k.pc()) {
          case 0 -> {
            started[0] = k.now();
            k.store(second, 0, 0);
            k.next(1);
          }
          case 1 -> {
            k.compute(started[0] + afterPs - k.now(), 0, false);
            k.next(2);
          }
          case 2 -> {
            k.store(line, 0, value);
            k.next(3);
          }
          case 3 -> {
            goesOn[0] = k.now() - started[0];
            k.store(second, 0, secondValue);
            k.next(4);
          }
          default -> k.exit();
        }
      }
    };
  }
}
