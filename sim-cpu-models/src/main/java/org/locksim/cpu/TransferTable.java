package org.locksim.cpu;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Nanoseconds to bring one cache line to a CPU from another CPU that holds it: a latency per
 * pair of places in the {@link Topology}'s hierarchy (package, cluster, core, SMT thread).
 *
 * <p>Four named classes give the common case, one latency per level at which two CPUs part:
 * {@link Distance#SMT_SIBLING}, {@link Distance#SAME_CLUSTER}, {@link Distance#SAME_SOCKET},
 * {@link Distance#OTHER_SOCKET}. A class the table lacks falls back to the next farther one
 * that it has ({@code sameCluster} to {@code sameSocket}, and so on), then to the nearest
 * closer one, so single-cluster parts need not repeat themselves. Two optional tables refine
 * the classes where a machine's pairs differ: {@link ClusterPairs} between the clusters of one
 * package (replacing {@code sameSocket}, and {@code sameCluster} where its diagonal is given),
 * and a {@link SocketMatrix} between packages (replacing {@code otherSocket}).
 * {@link #nsBetween} is the one rule that combines them.
 *
 * @param ns latency by distance class; {@link Distance#SELF} is never present
 * @param clusterPairs latencies between the clusters of one package, if the model gives them
 * @param sockets latencies between packages, if the model gives them
 */
public record TransferTable(
    Map<Distance, Sourced> ns,
    Optional<ClusterPairs> clusterPairs,
    Optional<SocketMatrix> sockets) {
  public TransferTable {
    Objects.requireNonNull(ns, "ns");
    Objects.requireNonNull(clusterPairs, "clusterPairs");
    Objects.requireNonNull(sockets, "sockets");
    if (ns.containsKey(Distance.SELF)) {
      throw new IllegalArgumentException("a transfer table has no latency to the same CPU");
    }
    if (ns.isEmpty()) {
      throw new IllegalArgumentException("a transfer table needs at least one distance");
    }
    ns = Collections.unmodifiableMap(new EnumMap<>(ns));
  }

  /** A table of the four named classes only. */
  public TransferTable(Map<Distance, Sourced> ns) {
    this(ns, Optional.empty(), Optional.empty());
  }

  /** Latency in nanoseconds for the class {@code d}, with the fall-back described above; 0 for SELF. */
  public double nsFor(Distance d) {
    if (d == Distance.SELF) {
      return 0;
    }
    Distance[] all = Distance.values();
    for (int i = d.ordinal(); i < all.length; i++) {
      Sourced s = ns.get(all[i]);
      if (s != null) {
        return s.value();
      }
    }
    for (int i = d.ordinal() - 1; i > 0; i--) {
      Sourced s = ns.get(all[i]);
      if (s != null) {
        return s.value();
      }
    }
    throw new IllegalStateException("empty transfer table");
  }

  /**
   * Latency in nanoseconds between two CPUs of {@code topology}: 0 for the same CPU; the
   * {@code smtSibling} class for two threads of one core; the socket matrix's entry, else
   * {@code otherSocket}, for two packages; the cluster-pair entry, else {@code sameCluster} or
   * {@code sameSocket}, for two cores of one package.
   */
  public double nsBetween(Topology topology, CpuSlot a, CpuSlot b) {
    Distance d = Topology.distance(a, b);
    switch (d) {
      case SELF:
        return 0;
      case SMT_SIBLING:
        return nsFor(d);
      case OTHER_SOCKET:
        return sockets.isPresent() ? sockets.get().nsBetween(a.socket(), b.socket()) : nsFor(d);
      default:
        if (clusterPairs.isPresent()) {
          double v = clusterPairs.get().nsBetween(topology.clusters().get(a.cluster()).name(),
              topology.clusters().get(b.cluster()).name());
          if (!Double.isNaN(v)) {
            return v;
          }
        }
        return nsFor(d);
    }
  }

  /**
   * Fails unless the optional tables fit {@code topology}: the cluster pairs name exactly its
   * clusters, in its order, and the socket matrix has one row per socket.
   */
  public void checkFits(Topology topology) {
    clusterPairs.ifPresent(p -> {
      if (!p.clusters().equals(topology.clusterNames())) {
        throw new IllegalArgumentException("cluster pairs name " + p.clusters()
            + " but the topology's clusters are " + topology.clusterNames());
      }
    });
    sockets.ifPresent(m -> {
      if (m.sockets() != topology.sockets()) {
        throw new IllegalArgumentException("the socket matrix covers " + m.sockets()
            + " sockets but the topology has " + topology.sockets());
      }
    });
  }
}
