package org.locksim.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Why: a request on its way to the last-level cache of the socket that holds its line is sent
 * on when the line leaves that socket before it gets there, one crossing later, as the cache
 * that no longer has the line passes it to the socket that does (docs/model.md, Not modelled,
 * "Where requests are ordered, in part"). On the two-socket Broadwell-EP (36.7 ns in a socket,
 * 110.7 ns across, so a crossing is 37 ns) a CPU of socket 0 owns the line. At 0 ns a CPU of
 * socket 1 exchanges into it: ordered at socket 0 half a remote transfer later, 55 ns, and the
 * line leaves for socket 1. At 45 ns a second CPU of socket 0 exchanges; it heads for its own
 * socket's cache (18 ns away), gets there at 63 ns, finds the line gone and is sent on, to be
 * ordered at about 100 ns. At 60 ns a second CPU of socket 1 exchanges; the line is in its
 * socket by then, and its request is ordered at 78 ns: before the forwarded one. Without the
 * forward the socket-0 request would have been ordered at 63 ns, first.
 */
class ForwardedRequestTest {
  private static final long NS = 1_000;
  private static final long START = 1_000 * NS;
  private static final long OWNER = 1;
  private static final long FAR = 2;
  private static final long NEAR = 3;
  private static final long FAR_LATE = 4;

  @Test
  void aRequestWhoseLineLeftItsSocketIsOrderedAfterOneIssuedLaterWhereTheLineWent() {
    LineRaces r = new LineRaces();
    long[] seen = new long[3];
    r.start("owner", LineRaces.exchange(r.line, OWNER, 0, null, 0), 0, 0);
    r.start("far", LineRaces.exchange(r.line, FAR, START, seen, 0), 1, 0);
    r.start("near", LineRaces.exchange(r.line, NEAR, START + 45 * NS, seen, 1), 0, 1);
    r.start("far-late", LineRaces.exchange(r.line, FAR_LATE, START + 60 * NS, seen, 2), 1, 1);
    r.run();
    assertEquals(OWNER, seen[0], "the first remote exchange takes the line from socket 0");
    assertEquals(FAR, seen[2], "the later exchange of socket 1 is ordered next, where the line is");
    assertEquals(FAR_LATE, seen[1], "the forwarded exchange of socket 0 comes last");
    assertEquals(NEAR, r.line.peek(0));
  }

  @Test
  void aRequestWhoseLineStayedInItsSocketIsNotSentOn() {
    // The same race with the remote exchange issued at 20 ns, so ordered at 75 ns: the socket-0
    // request finds the line still in its socket at 63 ns and is ordered first.
    LineRaces r = new LineRaces();
    long[] seen = new long[3];
    r.start("owner", LineRaces.exchange(r.line, OWNER, 0, null, 0), 0, 0);
    r.start("far", LineRaces.exchange(r.line, FAR, START + 20 * NS, seen, 0), 1, 0);
    r.start("near", LineRaces.exchange(r.line, NEAR, START + 45 * NS, seen, 1), 0, 1);
    r.run();
    assertEquals(OWNER, seen[1], "the socket-0 exchange is ordered first");
    assertEquals(NEAR, seen[0]);
  }

  @Test
  void aPostedStoreIsSentOnAsWell() {
    // The socket-0 CPU stores instead of exchanging: its CPU goes on, the store waits in its
    // buffer and is sent on in the same way, and lands after the later socket-1 exchange.
    LineRaces r = new LineRaces();
    long[] seen = new long[3];
    r.start("owner", LineRaces.exchange(r.line, OWNER, 0, null, 0), 0, 0);
    r.start("far", LineRaces.exchange(r.line, FAR, START, seen, 0), 1, 0);
    r.start("near", store(r.line, NEAR, START + 45 * NS), 0, 1);
    r.start("far-late", LineRaces.exchange(r.line, FAR_LATE, START + 60 * NS, seen, 2), 1, 1);
    r.run();
    assertEquals(FAR, seen[2], "the later exchange of socket 1 reads the first one's value");
    assertEquals(NEAR, r.line.peek(0), "the store lands last");
  }

  /** Stores {@code value} into {@code line} after {@code afterPs}, then computes a while. */
  private static Routine store(org.locksim.machine.CacheLine line, long value, long afterPs) {
    return new Routine("s" + value) {
      @Override
      public void step(Kernel k) {
        switch (k.pc()) {
          case 0 -> {
            k.compute(afterPs, 0, false);
            k.next(1);
          }
          case 1 -> {
            k.store(line, 0, value);
            k.next(2);
          }
          case 2 -> {
            k.compute(1_000 * NS, 1, false);
            k.next(3);
          }
          case 3 -> k.exit();
          default -> throw new IllegalStateException("pc " + k.pc());
        }
      }
    };
  }
}
