package org.locksim.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Why: requests for a line are ordered where they reach it, not where they were issued. On the
 * two-socket Broadwell a CPU of socket 0 owns the line; a CPU of socket 1 issues an exchange,
 * and a few nanoseconds later a CPU of socket 0 issues one too. The near request gets to the
 * owner's socket first (half of an on-socket transfer against half of a cross-socket one), so
 * it is served first and reads the owner's value, and the far one reads the near one's. Issued
 * far enough apart, the far request is served first, as it is issued first.
 */
class RequestOrderTest {
  private static final long NS = 1_000;
  private static final long OWNER = 1;
  private static final long FAR = 2;
  private static final long NEAR = 3;

  @Test
  void aNearRequestIssuedJustAfterAFarOneIsServedFirst() {
    long[] seen = race(5 * NS);
    assertEquals(OWNER, seen[1], "the near exchange reads the owner's value");
    assertEquals(NEAR, seen[0], "the far exchange reads the near one's");
  }

  @Test
  void aNearRequestIssuedWellAfterAFarOneIsServedSecond() {
    long[] seen = race(300 * NS);
    assertEquals(OWNER, seen[0], "the far exchange reads the owner's value");
    assertEquals(FAR, seen[1], "the near exchange reads the far one's");
  }

  /** What the far and the near exchange read, the near one issued {@code lagPs} after the far. */
  private static long[] race(long lagPs) {
    LineRaces r = new LineRaces();
    long[] seen = new long[2];
    r.start("owner", LineRaces.exchange(r.line, OWNER, 0, null, 0), 0, 0);
    r.start("far", LineRaces.exchange(r.line, FAR, 1_000 * NS, seen, 0), 1, 0);
    r.start("near", LineRaces.exchange(r.line, NEAR, 1_000 * NS + lagPs, seen, 1), 0, 1);
    r.run();
    return seen;
  }
}
