package org.locksim.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Why: on a front-side bus every miss of every line takes the one bus, so a lock holder's miss
 * on the data it protects waits behind the lock line's traffic (Anderson 1990, on a Sequent
 * Symmetry's bus); on a point-to-point machine each line's home is its own and misses of
 * different lines do not wait for one another. A booked slot far ahead (an atomic queued behind
 * others on its own line) must not keep the bus from a miss that fits in the gap before it.
 */
class BusTest {
  private static final long T = 40_000;
  private static final long OCC = 10_000;
  private static final long INSTR = 1_000;

  @Test
  void missesOfTwoLinesShareTheBusButNotADirectory() {
    long[][] t = uniform(3);
    for (boolean bus : new boolean[] {true, false}) {
      HomeRules rules = bus ? HomeRules.bus(OCC) : HomeRules.pipelined(OCC, true);
      Coherence c = new Coherence(t, rules, new int[3], (cpu, tok, at) -> { });
      CacheLine a = new CacheLine(0, "a", 1, 3);
      CacheLine b = new CacheLine(1, "b", 1, 3);
      c.write(0, a, 0, INSTR, false);
      c.write(0, b, 0, INSTR, false);
      long at = 10 * T;
      long first = c.read(1, a, at, INSTR);
      long second = c.read(2, b, at, INSTR);
      assertEquals(at + T + INSTR, first, "the first miss");
      assertEquals(bus ? at + OCC + T + INSTR : at + T + INSTR, second,
          bus ? "one bus: the second line's miss waits one occupancy" : "two homes: no wait");
    }
  }

  /*
   * Why: the P6 bus grants requests made together by rotating priority from its last owner, so
   * the waiters that re-read a line just written are served from the writer's neighbour on:
   * after each release another waiter is first, as the arbiter turns.
   */
  @Test
  void theWatchersOfALineWrittenOnABusAreToldFromTheWritersNeighbourOn() {
    long[][] t = uniform(4);
    for (int writer = 0; writer < 4; writer++) {
      java.util.List<Integer> told = new java.util.ArrayList<>();
      Coherence c = new Coherence(t, HomeRules.bus(OCC), new int[4], (cpu, tok, at) -> told.add(cpu));
      CacheLine l = new CacheLine(7, "l", 1, 4);
      long at = 0;
      for (int cpu = 0; cpu < 4; cpu++) {
        if (cpu != writer) {
          at = c.read(cpu, l, at, INSTR);
          c.watch(cpu, l, cpu);
        }
      }
      c.write(writer, l, at, INSTR, true);
      java.util.List<Integer> expected = new java.util.ArrayList<>();
      for (int k = 1; k < 4; k++) {
        expected.add((writer + k) % 4);
      }
      assertEquals(expected, told, "written by CPU " + writer);
    }
  }

  @Test
  void aMissUsesTheGapBeforeASlotBookedAhead() {
    BusSlots slots = new BusSlots(OCC);
    assertEquals(5 * OCC, slots.book(5 * OCC, 5 * OCC, 0), "a re-read priced ahead of its issue");
    assertEquals(0, slots.book(0, 0, 0), "fits before it");
    assertEquals(OCC, slots.book(OCC / 2, OCC / 2, 0), "after the first slot, before the far one");
    assertEquals(6 * OCC, slots.book(4 * OCC + 1, 4 * OCC + 1, 0),
        "overlaps the far slot: goes after it");
    assertEquals(4, slots.booked());
    slots.book(100 * OCC, 100 * OCC, 7 * OCC);
    assertEquals(1, slots.booked(), "slots that ended are forgotten");
  }

  /*
   * Why: the P6 bus completes its transactions in order, and an agent still receiving a line
   * stalls the snoop of the next request for it; so a miss issued now that waits for its own
   * line (an atomic queued behind others on a lock word) holds the bus from its issue, and a
   * miss of another line issued after it waits for it. With slots booked only at the line's
   * start, the second miss would slip into the gap and start at once.
   */
  @Test
  void aMissWaitingForItsOwnLineHoldsTheBusFromItsIssue() {
    BusSlots slots = new BusSlots(OCC);
    assertEquals(5 * OCC, slots.book(0, 5 * OCC, 0), "issued at 0, its line free at 5 occ");
    assertEquals(6 * OCC, slots.book(OCC, OCC, OCC), "another line's miss waits behind it");
  }

  /*
   * Why: Anderson's spin on test-and-set. Waiters whose atomics queue on the lock word keep a
   * bus busy, so the holder's miss on the data it protects waits for every atomic queued before
   * it; under a directory, the data's own home serves it at once.
   */
  @Test
  void atomicsQueuedOnALockWordDelayAHoldersMissOnABusOnly() {
    long[][] t = uniform(4);
    for (boolean bus : new boolean[] {true, false}) {
      HomeRules rules = bus ? HomeRules.bus(OCC) : HomeRules.pipelined(OCC, true);
      Coherence c = new Coherence(t, rules, new int[4], (cpu, tok, at) -> { });
      CacheLine lock = new CacheLine(0, "lock", 1, 4);
      CacheLine data = new CacheLine(1, "data", 1, 4);
      c.write(0, lock, 0, INSTR, false);
      c.write(3, data, 0, INSTR, false);
      long at = 10 * T;
      c.write(1, lock, at, INSTR, false);
      long chain = c.write(2, lock, at, INSTR, false);
      long holder = c.read(0, data, at + 1, INSTR);
      assertEquals(at + 2 * (T + INSTR), chain, "two atomics on the lock word, one after the other");
      long secondStarts = chain - T - INSTR;
      assertEquals(bus ? secondStarts + OCC + T + INSTR : at + 1 + T + INSTR, holder,
          bus ? "the holder's miss waits until the queued atomic has its line and its slot"
              : "its own home: no wait");
    }
  }

  /** {@code n} CPUs, each a transfer {@code T} from every other. */
  private static long[][] uniform(int n) {
    long[][] t = new long[n][n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        t[i][j] = i == j ? 0 : T;
      }
    }
    return t;
  }
}
