package org.locksim.machine;

import org.locksim.cpu.CoherenceProtocol;
import org.locksim.cpu.CoherenceSpec;
import org.locksim.cpu.MissRoute;
import org.locksim.cpu.SharedReads;

/**
 * How a machine's coherence homes serve the requests for one line (the directory, probe
 * filter, last-level-cache slice or, on a front-side-bus machine, the bus that tracks it).
 *
 * @param occupancyPs how long one request that misses (read, read for ownership, upgrade,
 *     atomic) keeps the line's home busy before it can start the next request to that line: N
 *     read misses issued together complete one occupancy apart after the first transfer
 * @param broadcast whether a miss probes every CPU (a broadcast protocol without a probe
 *     filter: it completes when the farthest CPU has answered) rather than only the CPUs the
 *     home knows to hold the line (a directory or snoop filter: the farthest holder answers last)
 * @param blocking whether a request another cache answers keeps the home busy until it is
 *     served (a read of an owned line, forwarded by the owner), rather than for the occupancy
 * @param forwardShared whether a read of a line held shared is forwarded to a holder too
 *     ({@link SharedReads#FORWARDED}), rather than served from the home's own copy
 * @param oneBus whether all lines share one home, a front-side bus that every miss occupies
 *     for the occupancy ({@link CoherenceProtocol#BUS}), rather than a home per line
 * @param route where a miss goes before another cache answers it ({@link MissRoute}), or null
 *     where the requester's probe reaches the holders itself (a bus, a broadcast protocol) and
 *     the home's place adds nothing to a transfer
 */
public record HomeRules(long occupancyPs, boolean broadcast, boolean blocking,
    boolean forwardShared, boolean oneBus, MissRoute route) {
  public HomeRules {
    if (occupancyPs < 0) {
      throw new IllegalArgumentException("a home's occupancy cannot be negative");
    }
  }

  /** Rules without a route: the home's place adds nothing to a transfer. */
  public HomeRules(long occupancyPs, boolean broadcast, boolean blocking, boolean forwardShared,
      boolean oneBus) {
    this(occupancyPs, broadcast, blocking, forwardShared, oneBus, null);
  }

  /** These rules with misses routed by {@code r}. */
  public HomeRules routed(MissRoute r) {
    return new HomeRules(occupancyPs, broadcast, blocking, forwardShared, oneBus, r);
  }

  /** The rules of a CPU model's coherence section. */
  public static HomeRules of(CoherenceSpec spec) {
    boolean broadcast = !spec.protocol().invalidatesSharersOnly();
    return new HomeRules(Math.round(spec.occupancyNs().value() * 1000), broadcast, true,
        spec.sharedReads() == SharedReads.FORWARDED, spec.protocol().oneMedium(),
        broadcast ? null : spec.missRoute());
  }

  /** Pipelined homes with this occupancy, blocking for forwards: for tests. */
  public static HomeRules pipelined(long occupancyPs, boolean broadcast) {
    return new HomeRules(occupancyPs, broadcast, true, false, false);
  }

  /** One front-side bus with this occupancy, probing every CPU: for tests. */
  public static HomeRules bus(long occupancyPs) {
    return new HomeRules(occupancyPs, true, true, false, true);
  }

  /** No queueing at the home, invalidations to the holders only: for tests of other rules. */
  public static final HomeRules NONE = new HomeRules(0, false, false, false, false);
}
