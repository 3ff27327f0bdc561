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
 * <p>A request that another cache must answer (the owner's forward, or any read of a shared
 * line under {@link SharedReads#FORWARDED}) keeps the home busy until it is served, longer than
 * the occupancy: see {@link SharedReads}.
 *
 * @param protocol how a write invalidates the other copies
 * @param occupancyNs nanoseconds the home is busy with one request to one line that it serves
 *     from its own copy
 * @param sharedReads who serves a read of a line held shared
 * @param sharedReadsSource where {@code sharedReads} comes from; never blank
 * @param missesInFlight how many line misses a core overlaps, on average, while it refetches
 *     a working set it left in another cache (a task that migrated): its line fill buffers
 *     bound it, and the dependent loads of kernel code keep it well below that bound
 * @param missRoute where a miss goes before another cache answers it: whether a home in a
 *     third socket, or any other socket, lengthens the transfer
 * @param missRouteSource where {@code missRoute} comes from; never blank
 */
public record CoherenceSpec(CoherenceProtocol protocol, Sourced occupancyNs,
    SharedReads sharedReads, String sharedReadsSource, Sourced missesInFlight,
    MissRoute missRoute, String missRouteSource) {
  /**
   * Where the default route, {@link MissRoute#SOCKET}, comes from: it adds nothing on one or
   * two sockets.
   */
  public static final String SOCKET_ROUTE_DEFAULT = "default: a socket's last-level cache"
      + " answers for its own CPUs, and with one or two sockets the home is always the"
      + " requester's socket or the holder's";

  public CoherenceSpec {
    Objects.requireNonNull(missRoute, "missRoute");
    if (missRouteSource == null || missRouteSource.isBlank()) {
      throw new IllegalArgumentException("missRoute needs a source");
    }
    Objects.requireNonNull(missesInFlight, "missesInFlight");
    if (missesInFlight.value() < 1) {
      throw new IllegalArgumentException("a core has at least one miss in flight");
    }
    Objects.requireNonNull(protocol, "protocol");
    Objects.requireNonNull(occupancyNs, "occupancyNs");
    Objects.requireNonNull(sharedReads, "sharedReads");
    Objects.requireNonNull(sharedReadsSource, "sharedReadsSource");
    if (sharedReadsSource.isBlank()) {
      throw new IllegalArgumentException("sharedReads needs a source");
    }
  }
}
