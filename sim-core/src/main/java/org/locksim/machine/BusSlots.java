package org.locksim.machine;

import java.util.Arrays;

/**
 * The transactions booked on one shared front-side bus: every miss of every line holds the bus
 * for one occupancy (its request, snoop and data phases), and a miss takes the earliest free
 * slot at or after the time its line lets it start ({@link org.locksim.cpu.CoherenceProtocol#BUS}).
 *
 * <p>Slots are booked, not queued: a miss that must wait for its own line (an atomic queued
 * behind others on a contended lock word) books a slot far ahead, and a miss of another line
 * issued meanwhile still uses the bus in the gap before it, as the bus arbiter grants whichever
 * agent requests next. Slots that have ended are dropped as the present advances, so the book
 * holds at most the misses in flight.
 */
final class BusSlots {
  private final long occupancyPs;
  /** Starts of the booked slots, sorted; each lasts {@link #occupancyPs}. */
  private long[] starts = new long[16];
  private int count;

  BusSlots(long occupancyPs) {
    this.occupancyPs = occupancyPs;
  }

  /**
   * Books the earliest slot that starts at or after {@code earliest} and overlaps no booked one,
   * and returns its start. Slots that ended by {@code now} (the simulation's present) are
   * forgotten first.
   */
  long book(long earliest, long now) {
    if (occupancyPs == 0) {
      return earliest;
    }
    dropEndedBy(now);
    long start = earliest;
    int at = 0;
    while (at < count) {
      long s = starts[at];
      if (s + occupancyPs <= start) {
        at++;
      } else if (s >= start + occupancyPs) {
        break;
      } else {
        start = s + occupancyPs;
        at++;
      }
    }
    insert(at, start);
    return start;
  }

  /** Booked slots not yet ended: for tests. */
  int booked() {
    return count;
  }

  private void dropEndedBy(long now) {
    int ended = 0;
    while (ended < count && starts[ended] + occupancyPs <= now) {
      ended++;
    }
    if (ended > 0) {
      System.arraycopy(starts, ended, starts, 0, count - ended);
      count -= ended;
    }
  }

  private void insert(int at, long start) {
    if (count == starts.length) {
      starts = Arrays.copyOf(starts, count * 2);
    }
    System.arraycopy(starts, at, starts, at + 1, count - at);
    starts[at] = start;
    count++;
  }
}
