package org.locksim.cpu;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;

/**
 * Transfer latencies between the clusters (dies, CCDs, CCXs, Apple P and E clusters) of one
 * package, by pair of cluster names: what the single {@code sameSocket} figure cannot say when
 * cluster pairs differ in speed (an Apple M2 Pro's P-to-P, E-to-E and P-to-E hops; an EPYC's
 * near and far CCDs). Every package of the machine has the same table.
 *
 * <p>The table is symmetric. An off-diagonal entry is the latency between a core of one
 * cluster and a core of the other. A diagonal entry, when given, is the latency between two
 * cores of the same cluster and replaces {@code sameCluster} for that cluster; an absent one
 * is {@link Double#NaN} and leaves {@code sameCluster} in force.
 *
 * @param clusters the cluster names, in the topology's order
 * @param ns nanoseconds, {@code ns.get(i).get(j)} between {@code clusters[i]} and
 *     {@code clusters[j]}
 * @param source where the whole table comes from
 */
public record ClusterPairs(List<String> clusters, List<List<Double>> ns, String source) {
  public ClusterPairs {
    Objects.requireNonNull(source, "source");
    clusters = List.copyOf(clusters);
    if (clusters.isEmpty() || new HashSet<>(clusters).size() != clusters.size()) {
      throw new IllegalArgumentException("cluster pairs need distinct cluster names");
    }
    if (source.isBlank()) {
      throw new IllegalArgumentException("a cluster-pair table needs a source");
    }
    ns = SquareMatrix.copy(ns, clusters.size(), "cluster-pair table");
    for (int i = 0; i < clusters.size(); i++) {
      for (int j = 0; j < clusters.size(); j++) {
        double v = ns.get(i).get(j);
        if (i == j ? !(Double.isNaN(v) || SquareMatrix.latency(v)) : !SquareMatrix.latency(v)) {
          throw new IllegalArgumentException("cluster-pair latency must be a finite number >= 0, got "
              + v + " between " + clusters.get(i) + " and " + clusters.get(j));
        }
        if (i != j && v != ns.get(j).get(i)) {
          throw new IllegalArgumentException("cluster-pair table is not symmetric between "
              + clusters.get(i) + " and " + clusters.get(j));
        }
      }
    }
  }

  /**
   * The latency between a core of cluster {@code a} and another core of cluster {@code b}, or
   * NaN when {@code a == b} and the table leaves that cluster to {@code sameCluster}.
   */
  public double nsBetween(String a, String b) {
    int i = clusters.indexOf(a);
    int j = clusters.indexOf(b);
    if (i < 0 || j < 0) {
      throw new IllegalArgumentException("no cluster " + (i < 0 ? a : b) + " in " + clusters);
    }
    return ns.get(i).get(j);
  }

  /** A full table with {@code within} on the diagonal and {@code between} elsewhere. */
  public static ClusterPairs uniform(List<String> clusters, double within, double between,
      String source) {
    List<List<Double>> rows = new ArrayList<>();
    for (int i = 0; i < clusters.size(); i++) {
      List<Double> row = new ArrayList<>();
      for (int j = 0; j < clusters.size(); j++) {
        row.add(i == j ? within : between);
      }
      rows.add(row);
    }
    return new ClusterPairs(clusters, rows, source);
  }
}
