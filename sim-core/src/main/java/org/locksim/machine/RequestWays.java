package org.locksim.machine;

/**
 * Where a request is ordered against the other requests for its line, and the way it takes
 * there: set at its issue from the line's holders then ({@link #reachPs}, the socket it goes to
 * {@link #orderingSocket}), and changed when the line leaves that socket before it gets there
 * ({@link #forwardPs}). Part of {@link Coherence}.
 */
public final class RequestWays {
  private final MissPrices prices;
  private final HomeService home;
  private final KeptCopies kept;

  RequestWays(MissPrices prices, HomeService home, KeptCopies kept) {
    this.prices = prices;
    this.home = home;
    this.kept = kept;
  }

  /**
   * How long after its issue {@code cpu}'s access to {@code line} reaches the point where it is
   * ordered against other CPUs' requests for the line: half the transfer from the line's owner
   * (or its nearest sharer), where the cache that answers for the line (the owner's socket's
   * last-level-cache slice, or the directory beside it) sees the request. Requests are served
   * in the order they get there, not the order they were issued (Sorin, Hill and Wood, <i>A
   * Primer on Memory Consistency and Cache Coherence</i>, 2nd ed. 2020, ch. 8: a directory
   * orders the requests for a block as they arrive), so a request from near the line overtakes
   * one issued a little earlier from farther away. An upgrade of a copy other CPUs share is
   * ordered where it is granted: the socket's last-level cache, or the line's home when
   * sharers are in other sockets ({@link MissPrices#reachPs}). 0 for a hit, for an upgrade of
   * a copy no other CPU shares, for a line no cache holds, and on a front-side bus, whose
   * arbiter orders every request ({@link BusSlots}).
   *
   * @param exclusive whether the access needs the line for writing (a store or an atomic)
   */
  public long reachPs(int cpu, CacheLine line, long now, boolean exclusive) {
    if (orderedAtIssue(cpu, line, now)) {
      return 0;
    }
    return prices.reachPs(cpu, line.home, exclusive);
  }

  /**
   * The socket whose last-level cache orders {@code cpu}'s request for {@code line}, issued or
   * arriving at {@code now}, where that point moves with the line; -1 where the request is
   * ordered at its issue or at a point that stays put ({@link MissPrices#orderingSocket}).
   */
  public int orderingSocket(int cpu, CacheLine line, long now, boolean exclusive) {
    if (orderedAtIssue(cpu, line, now)) {
      return -1;
    }
    return prices.orderingSocket(cpu, line.home, exclusive);
  }

  /**
   * How much later a request for {@code line} gets to where it is ordered when it arrives at
   * socket {@code from}'s last-level cache and the socket that orders it now is {@code to}
   * ({@link #orderingSocket}): when no cache of {@code from} holds the line any more, that cache
   * sends it on, one crossing between the two; 0 when they are one socket, either is -1, or a
   * copy is still there to answer it.
   */
  public long forwardPs(CacheLine line, int from, int to) {
    if (from < 0 || to < 0 || from == to || prices.copyInSocket(line.home, from)) {
      return 0;
    }
    return prices.crossingPs(from, to);
  }

  /**
   * Whether {@code cpu}'s request for {@code line} at {@code now} is ordered where it is issued:
   * on a front-side bus, whose arbiter orders every request, and for a line the CPU still keeps
   * (a line whose re-reads priced ahead have not been issued yet is still its owner's).
   */
  private boolean orderedAtIssue(int cpu, CacheLine line, long now) {
    return home.oneBus() || kept.keeps(cpu, line, now) || line.home.demotedButKept(cpu, now);
  }
}
