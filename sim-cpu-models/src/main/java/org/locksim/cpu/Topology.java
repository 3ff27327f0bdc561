package org.locksim.cpu;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The hierarchy of one machine's CPUs: packages (sockets), each holding the same list of
 * clusters (a die, CCD or CCX, an Apple P or E cluster: cores that share a cache and a clock),
 * each of cores with SMT threads. Two CPUs part at one level of it ({@link #distance}), and
 * the {@link TransferTable} prices each pair of places.
 *
 * @param sockets number of sockets
 * @param clusters the clusters of one socket
 */
public record Topology(int sockets, List<Cluster> clusters) {
  public Topology {
    Objects.requireNonNull(clusters, "clusters");
    if (sockets < 1) {
      throw new IllegalArgumentException("a topology needs at least one socket");
    }
    if (clusters.isEmpty()) {
      throw new IllegalArgumentException("a topology needs at least one cluster");
    }
    clusters = List.copyOf(clusters);
  }

  /** Logical CPUs in the machine. */
  public int cpuCount() {
    int perSocket = 0;
    for (Cluster c : clusters) {
      perSocket += c.cpus();
    }
    return perSocket * sockets;
  }

  /** The cluster names of one socket, in order. */
  public List<String> clusterNames() {
    return clusters.stream().map(Cluster::name).toList();
  }

  /** Whether any core has more than one hardware thread. */
  public boolean hasSmt() {
    return clusters.stream().anyMatch(c -> c.threadsPerCore() > 1);
  }

  /** Every logical CPU, numbered socket-major, then cluster, core and thread. */
  public List<CpuSlot> cpus() {
    List<CpuSlot> out = new ArrayList<>();
    int core = 0;
    for (int s = 0; s < sockets; s++) {
      for (int ci = 0; ci < clusters.size(); ci++) {
        Cluster c = clusters.get(ci);
        for (int k = 0; k < c.cores(); k++, core++) {
          for (int t = 0; t < c.threadsPerCore(); t++) {
            out.add(new CpuSlot(out.size(), s, ci, core, t, c.frequencyMHz().value()));
          }
        }
      }
    }
    return out;
  }

  /** The level of the hierarchy at which two CPUs part: the class of their transfer. */
  public static Distance distance(CpuSlot a, CpuSlot b) {
    if (a.id() == b.id()) {
      return Distance.SELF;
    }
    if (a.core() == b.core()) {
      return Distance.SMT_SIBLING;
    }
    if (a.socket() != b.socket()) {
      return Distance.OTHER_SOCKET;
    }
    return a.cluster() == b.cluster() ? Distance.SAME_CLUSTER : Distance.SAME_SOCKET;
  }
}
