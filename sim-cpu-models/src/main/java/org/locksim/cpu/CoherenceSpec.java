package org.locksim.cpu;

import java.util.Objects;

/**
 * How one machine keeps caches coherent: the protocol that invalidates sharers, and how long a
 * line's home is busy with one request.
 *
 * <p>Every request that misses on a line (read miss, read for ownership, upgrade, atomic)
 * occupies the line's home (the directory, probe filter or LLC slice/CHA that tracks it; on a
 * front-side-bus machine the bus itself) for {@code occupancyNs} before the home can start the
 * next request to that line, so N concurrent read misses to one line complete spaced by the
 * occupancy. This serialisation at the home is what makes a ticket lock's hand-off grow with
 * its waiters while a queue lock's does not (Mellor-Crummey and Scott, ACM TOCS 1991;
 * Boyd-Wickizer et al., "Non-scalable locks are dangerous", Linux Symposium 2012).
 *
 * @param protocol how a write invalidates the other copies
 * @param occupancyNs nanoseconds the home is busy with one request to one line
 */
public record CoherenceSpec(CoherenceProtocol protocol, Sourced occupancyNs) {
  public CoherenceSpec {
    Objects.requireNonNull(protocol, "protocol");
    Objects.requireNonNull(occupancyNs, "occupancyNs");
  }
}
