package org.locksim.machine;

/**
 * What one miss costs on a machine, from the state of its line: the transfer from the nearest
 * holder for a read, from the farthest sharer for an exclusive request (its invalidations are
 * acknowledged in parallel), the whole machine's farthest answer under a broadcast protocol,
 * and what a home off the way adds ({@link HomeDetour}). The queueing at the home, which decides
 * when the miss starts, is {@link Coherence}'s.
 */
final class MissPrices {
  private final long[][] transferPs;
  /** Per CPU: the price of a line no cache holds, and of a broadcast probe: its farthest transfer. */
  private final long[] memoryPs;
  private final boolean broadcast;
  /** Per CPU: a mask of the CPUs of its socket, {@code words} longs each (for broadcasts). */
  private final long[] socketMask;
  private final int words;
  private final Distances distances;
  private final HomeDetour detour;
  private final int sockets;

  /** @param socket each CPU's socket: a broadcast leaves the socket only when a holder is outside it */
  MissPrices(long[][] transferPs, HomeRules rules, int[] socket) {
    this.transferPs = transferPs;
    this.broadcast = rules.broadcast();
    int n = transferPs.length;
    this.words = (n + 63) >>> 6;
    this.socketMask = new long[n * words];
    for (int cpu = 0; cpu < n; cpu++) {
      for (int other = 0; other < n; other++) {
        if (socket[other] == socket[cpu]) {
          socketMask[cpu * words + (other >>> 6)] |= 1L << other;
        }
      }
    }
    this.distances = new Distances(transferPs);
    this.detour = new HomeDetour(transferPs, socket, rules.route());
    this.sockets = detour.sockets();
    this.memoryPs = new long[n];
    for (int cpu = 0; cpu < n; cpu++) {
      for (long t : transferPs[cpu]) {
        memoryPs[cpu] = Math.max(memoryPs[cpu], t);
      }
    }
  }

  /**
   * What the line's home adds to a miss of {@code cpu} ({@link HomeDetour}): on the way to the
   * nearest holder, or for an exclusive request to the farthest, whose acknowledgement comes
   * last; an upgrade of the CPU's own copy goes to the home alone. A line no cache holds comes
   * from memory, priced apart.
   */
  long detourPs(int cpu, CacheLine line, boolean exclusive) {
    if (!detour.any() || detour.homeBeside(cpu, line.homeSlot)) {
      return 0;
    }
    int holder;
    if (line.owner >= 0) {
      holder = line.owner;
    } else if (line.sharerCount == 0) {
      return 0;
    } else if (exclusive && line.sharerCount == 1 && line.isSharer(cpu)) {
      holder = cpu;
    } else {
      holder = exclusive ? distances.farthestCpu(cpu, line.sharers)
          : distances.nearestCpu(cpu, line.sharers);
    }
    return holder < 0 ? 0 : detour.ps(cpu, holder, line.homeSlot);
  }

  /** The hop between two CPUs, {@code cpu} and its SMT sibling, that share a core's caches. */
  long hopPs(int cpu, int sibling) {
    return transferPs[cpu][sibling];
  }

  /** The transfer a read miss of {@code cpu} waits for: from the nearest holder, under the protocol. */
  long readPs(int cpu, CacheLine line) {
    return missPs(cpu, nearestHolderPs(cpu, line), line);
  }

  private long nearestHolderPs(int cpu, CacheLine line) {
    if (line.owner >= 0) {
      return transferPs[cpu][line.owner];
    }
    if (line.sharerCount == 0) {
      // A line no cache holds comes from memory: priced as the farthest transfer.
      return memoryPs[cpu];
    }
    return distances.nearest(cpu, line.sharers);
  }

  /**
   * The transfer an exclusive request of {@code cpu} waits for: the data from the nearest
   * holder (none for an upgrade) and the acknowledgement of every other sharer's invalidation,
   * sent in parallel, so the farthest sharer's.
   */
  long exclusivePs(int cpu, CacheLine line) {
    return missPs(cpu, exclusiveTransferPs(cpu, line), line);
  }

  private long exclusiveTransferPs(int cpu, CacheLine line) {
    if (line.sharerCount == 0 || (line.sharerCount == 1 && line.isSharer(cpu))) {
      return line.sharerCount == 0 ? nearestHolderPs(cpu, line) : 0;
    }
    return distances.farthest(cpu, line.sharers);
  }

  /**
   * A miss's transfer under the machine's protocol. A broadcast probes every CPU and waits for
   * the farthest answer, unless every holder of the line is in the requester's socket: then
   * the socket's inclusive last-level cache answers for it (its core-valid bits name the
   * holders), as the same-socket figures of core-to-core measurements on such parts show.
   */
  private long missPs(int cpu, long transfer, CacheLine line) {
    if (!broadcast || transfer <= 0 || heldInSocket(cpu, line)) {
      return transfer;
    }
    return Math.max(transfer, memoryPs[cpu]);
  }

  private boolean heldInSocket(int cpu, CacheLine line) {
    int at = cpu * words;
    if (line.owner >= 0) {
      return (socketMask[at + (line.owner >>> 6)] & (1L << line.owner)) != 0;
    }
    if (line.sharerCount == 0) {
      return false;
    }
    for (int w = 0; w < words; w++) {
      if ((line.sharers[w] & ~socketMask[at + w]) != 0) {
        return false;
      }
    }
    return true;
  }

  /**
   * How long {@code cpu}'s request for {@code line} takes to reach the point where it is
   * ordered against other requests ({@link RequestWays#reachPs}): half the transfer from the
   * line's owner, or from its nearest sharer, for a read and for an exclusive request alike;
   * 0 where the CPU owns the line, for a read of a copy of its own (a hit), for a line no cache
   * holds, and for an upgrade where the CPU is the line's only sharer. An upgrade of a copy
   * other CPUs share as well must be granted where the line's sharers are tracked: the
   * socket's last-level cache where they are all in the CPU's socket (half the transfer from
   * the nearest of them, as for a read), else the line's home, which alone can invalidate the
   * other sockets' copies (half the transfer to the home's slot). So of two sharers that
   * upgrade at once, the nearer to that point is granted the line first (a directory orders
   * the requests for a block as they arrive, upgrades included: Sorin, Hill and Wood, <i>A
   * Primer on Memory Consistency and Cache Coherence</i>, 2nd ed. 2020, ch. 8).
   *
   * @param exclusive whether the request needs the line for writing (a store or an atomic)
   */
  long reachPs(int cpu, CacheLine line, boolean exclusive) {
    if (line.owner == cpu || (line.owner < 0 && line.sharerCount == 0)) {
      return 0;
    }
    if (line.owner < 0 && line.isSharer(cpu)) {
      if (!exclusive || line.sharerCount == 1) {
        return 0;
      }
      if (sockets > 1 && !heldInSocket(cpu, line)) {
        return transferPs[cpu][line.homeSlot] / 2;
      }
      return distances.nearest(cpu, line.sharers) / 2;
    }
    return nearestHolderPs(cpu, line) / 2;
  }

  /**
   * The socket whose last-level cache orders {@code cpu}'s request for {@code line}, where that
   * point moves with the line ({@link HomeDetour#orderedBySocket}): the socket of the holder
   * that answers ({@link #reachPs}), or the CPU's own for an upgrade whose sharers are all in
   * it. -1 where the request is ordered at its issue, at the line's home (an upgrade with
   * sharers in other sockets, every miss under {@link org.locksim.cpu.MissRoute#HOME}), or by
   * the requester's own probe (a bus, a broadcast protocol): points that stay where they are.
   */
  int orderingSocket(int cpu, CacheLine line, boolean exclusive) {
    if (!detour.orderedBySocket() || line.owner == cpu || (line.owner < 0 && line.sharerCount == 0)) {
      return -1;
    }
    if (line.owner < 0 && line.isSharer(cpu)) {
      if (!exclusive || line.sharerCount == 1 || !heldInSocket(cpu, line)) {
        return -1;
      }
      return detour.socketOf(cpu);
    }
    int holder = line.owner >= 0 ? line.owner : distances.nearestCpu(cpu, line.sharers);
    return holder < 0 ? -1 : detour.socketOf(holder);
  }

  /** Whether a cache of socket {@code socket} holds a copy of {@code line}, owned or shared. */
  boolean copyInSocket(CacheLine line, int socket) {
    if (line.owner >= 0) {
      return detour.socketOf(line.owner) == socket;
    }
    for (int w = 0; w < line.sharers.length; w++) {
      for (long bits = line.sharers[w]; bits != 0; bits &= bits - 1) {
        if (detour.socketOf((w << 6) + Long.numberOfTrailingZeros(bits)) == socket) {
          return true;
        }
      }
    }
    return false;
  }

  /** One crossing from socket {@code from} to socket {@code to}. */
  long crossingPs(int from, int to) {
    return detour.legPs(from, to);
  }
}
