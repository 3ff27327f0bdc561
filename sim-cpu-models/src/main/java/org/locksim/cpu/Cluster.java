package org.locksim.cpu;

import java.util.Objects;

/**
 * A group of identical cores in one socket that share a cache and run at one frequency: the
 * whole socket on most x86 parts, the performance or efficiency cluster on Apple M-series.
 *
 * @param name what the cluster is called ({@code "P"}, {@code "E"}, {@code "core"})
 * @param cores cores in the cluster, per socket
 * @param threadsPerCore SMT threads per core
 * @param frequencyMHz clock frequency
 */
public record Cluster(String name, int cores, int threadsPerCore, Sourced frequencyMHz) {
  public Cluster {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(frequencyMHz, "frequencyMHz");
    if (cores < 1 || threadsPerCore < 1) {
      throw new IllegalArgumentException("a cluster needs at least one core and one thread");
    }
    if (frequencyMHz.value() <= 0) {
      throw new IllegalArgumentException("a cluster's frequency must be positive");
    }
  }

  /** Logical CPUs in this cluster, per socket. */
  public int cpus() {
    return cores * threadsPerCore;
  }
}
