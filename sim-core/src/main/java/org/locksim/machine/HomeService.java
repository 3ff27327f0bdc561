package org.locksim.machine;

/**
 * How a line's home serves the requests that miss ({@link HomeRules}): how long each keeps it
 * from the next request, and, on a front-side bus, the bus slot every miss of every line books
 * ({@link BusSlots}).
 */
final class HomeService {
  private final long occupancyPs;
  private final boolean blocking;
  private final boolean forwardShared;
  /** The front-side bus every miss books a slot on, or null where each line has its own home. */
  private final BusSlots bus;

  HomeService(HomeRules rules) {
    this.occupancyPs = rules.occupancyPs();
    this.blocking = rules.blocking();
    this.forwardShared = rules.forwardShared();
    this.bus = rules.oneBus() ? new BusSlots(rules.occupancyPs()) : null;
  }

  /** Whether every miss books the one front-side bus. */
  boolean oneBus() {
    return bus != null;
  }

  /** How long a request the home serves itself keeps it busy. */
  long occupancyPs() {
    return occupancyPs;
  }

  /**
   * How long a read miss of {@code line}, whose data takes {@code transferPs} to arrive, keeps
   * the line's home from its next request: the occupancy when the home serves it from its own
   * copy, the whole transfer when another cache must answer (the owner of a modified or
   * exclusive line, or under forwarded shared reads any holder), since the home blocks the line
   * while a forward is in flight ({@link org.locksim.cpu.SharedReads}).
   */
  long readBusyPs(CacheLine line, long transferPs) {
    boolean forwarded = line.owner >= 0 || (forwardShared && line.sharerCount > 0);
    return blocking && forwarded ? Math.max(occupancyPs, transferPs) : occupancyPs;
  }

  /**
   * When a miss issued at {@code issue}, which its line lets start at {@code lineStart}, starts:
   * then, or on a front-side bus at the bus's first free slot from its issue, which it holds
   * while it waits for its line ({@link BusSlots}; slots that ended by {@code now} are
   * forgotten).
   */
  long start(long issue, long lineStart, long now) {
    return bus == null ? lineStart : bus.book(issue, lineStart, now);
  }
}
