package org.locksim.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.locksim.machine.CacheLine;

/**
 * Why: an upgrade of a shared copy is granted where the line's sharers are tracked, and with
 * sharers on both sockets of the two-socket Broadwell that is the line's home. Two CPUs, one on
 * each socket, read the line and then exchange into it. The exchange of the CPU on the home's
 * socket reaches the home in half an on-socket transfer, the other's in half a cross-socket
 * one, so the home's socket wins a race it enters a few nanoseconds late, and reads the line's
 * first value while the other reads its. Entered far enough apart, the earlier one wins. (With
 * upgrades ordered at their issue, the earlier exchange won both races.)
 */
class UpgradeOrderTest {
  private static final long NS = 1_000;
  private static final long HOME_SIDE = 2;
  private static final long FAR_SIDE = 3;

  @Test
  void theHomeSocketsUpgradeIssuedJustAfterTheOthersIsGrantedFirst() {
    long[] seen = race(5 * NS);
    assertEquals(0, seen[1], "the home socket's exchange reads the first value");
    assertEquals(HOME_SIDE, seen[0], "the far socket's exchange reads the home socket's");
  }

  @Test
  void theHomeSocketsUpgradeIssuedWellAfterTheOthersIsGrantedSecond() {
    long[] seen = race(300 * NS);
    assertEquals(0, seen[0], "the far socket's exchange reads the first value");
    assertEquals(FAR_SIDE, seen[1], "the home socket's exchange reads the far socket's");
  }

  /**
   * What the far socket's and the home socket's exchanges read, both CPUs sharing the line,
   * the home socket's exchange issued {@code lagPs} after the other's.
   */
  private static long[] race(long lagPs) {
    LineRaces r = new LineRaces();
    int homeSocket = r.m.cpu(r.line.homeSlot()).slot().socket();
    long[] seen = new long[2];
    r.start("far", readThenExchange(r.line, FAR_SIDE, 10_000 * NS, seen, 0), 1 - homeSocket, 0);
    r.start("home", readThenExchange(r.line, HOME_SIDE, 10_000 * NS + lagPs, seen, 1), homeSocket, 1);
    r.run();
    return seen;
  }

  /**
   * A task that reads {@code line} (a shared copy once both have read it), computes until
   * {@code atPs}, exchanges {@code value} into it and records what it read in
   * {@code seen[slot]}.
   */
  private static Routine readThenExchange(CacheLine line, long value, long atPs, long[] seen,
      int slot) {
    return new Routine("rx" + value) {
      @Override
      public void step(Kernel k) {
        switch (k.pc()) {
          case 0 -> {
            k.load(line, 0);
            k.next(1);
          }
          case 1 -> {
            k.compute(atPs - k.now(), 0, false);
            k.next(2);
          }
          case 2 -> {
            k.xchg(line, 0, value);
            k.next(3);
          }
          case 3 -> {
            seen[slot] = k.result();
            k.exit();
          }
          default -> throw new IllegalStateException("pc " + k.pc());
        }
      }
    };
  }
}
