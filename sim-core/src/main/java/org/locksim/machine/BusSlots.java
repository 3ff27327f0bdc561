package org.locksim.machine;

import java.util.Arrays;

/**
 * The transactions booked on one shared front-side bus: every miss of every line holds the bus
 * for one occupancy (its request, snoop and data phases), and a miss takes the earliest free
 * slot at or after its issue ({@link org.locksim.cpu.CoherenceProtocol#BUS}).
 *
 * <p>A miss that must wait for its own line (an atomic queued behind others on a contended lock
 * word, a read of a line whose owner is still receiving it) holds the bus from its issue until
 * its line lets it go on and its occupancy has passed. The P6 and NetBurst buses keep their
 * transactions in order (the in-order queue: snoop, response and data phases complete in the
 * order of the requests), and the agent that must answer for a line it is itself still
 * receiving stalls the snoop phase until it can (Intel, Pentium Pro Family Developer's Manual
 * vol. 1, ch. 4, snoop stall; a cache-locked atomic answers no snoop of its line before it
 * completes, ch. 5.3.4), so every later transaction of every line waits behind it. So waiters
 * that hammer one line with atomics keep the bus for themselves, and a lock holder's misses on
 * its data and its release wait behind them: Anderson's spin on test-and-set (IEEE TPDS 1990,
 * III.A, on a Sequent Symmetry's bus).
 *
 * <p>A miss not yet issued (a spinner's re-read priced ahead of its issue) books its slot far
 * ahead, and a miss issued before it still uses the bus in the gap before it. Slots that have
 * ended are dropped as the present advances, so the book holds at most the misses in flight.
 */
final class BusSlots {
  private final long occupancyPs;
  /** Starts and ends of the booked slots, sorted; they do not overlap. */
  private long[] starts = new long[16];
  private long[] ends = new long[16];
  private int count;

  BusSlots(long occupancyPs) {
    this.occupancyPs = occupancyPs;
  }

  /**
   * Books the bus for a miss issued at {@code issue} whose own line lets it start at
   * {@code lineStart}, and returns when the miss starts: the earliest slot at or after its issue
   * that overlaps no booked one, held until the later of that slot's start and
   * {@code lineStart}, plus the occupancy. Slots that ended by {@code now} (the simulation's
   * present) are forgotten first.
   */
  long book(long issue, long lineStart, long now) {
    if (occupancyPs == 0) {
      return Math.max(issue, lineStart);
    }
    dropEndedBy(now);
    long enter = issue;
    int at = 0;
    while (at < count) {
      if (ends[at] <= enter) {
        at++;
      } else if (starts[at] >= Math.max(enter, lineStart) + occupancyPs) {
        break;
      } else {
        enter = ends[at];
        at++;
      }
    }
    long start = Math.max(enter, lineStart);
    insert(at, enter, start + occupancyPs);
    return start;
  }

  /** Booked slots not yet ended: for tests. */
  int booked() {
    return count;
  }

  private void dropEndedBy(long now) {
    int ended = 0;
    while (ended < count && ends[ended] <= now) {
      ended++;
    }
    if (ended > 0) {
      System.arraycopy(starts, ended, starts, 0, count - ended);
      System.arraycopy(ends, ended, ends, 0, count - ended);
      count -= ended;
    }
  }

  private void insert(int at, long start, long end) {
    if (count == starts.length) {
      starts = Arrays.copyOf(starts, count * 2);
      ends = Arrays.copyOf(ends, count * 2);
    }
    System.arraycopy(starts, at, starts, at + 1, count - at);
    System.arraycopy(ends, at, ends, at + 1, count - at);
    starts[at] = start;
    ends[at] = end;
    count++;
  }
}
