package org.locksim.metrics;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A core-to-core latency table: the one-way time (round trip / 2) of a CAS ping-pong between
 * every pair of the measured CPUs, and its summary by {@link PairKind}, as the
 * core-to-core-latency tool prints it.
 *
 * @param model the CPU model's name
 * @param cpus the measured CPUs, ascending
 * @param ns per pair of indices into {@code cpus} ({@code i > j}; symmetric), nanoseconds
 * @param kinds per pair, how the two CPUs stand to each other
 * @param samples samples per pair
 * @param roundTrips round trips per sample
 */
public record LatencyMatrix(String model, int[] cpus, double[][] ns, PairKind[][] kinds,
    int samples, int roundTrips) {
  public LatencyMatrix {
    Objects.requireNonNull(model, "model");
    if (cpus.length < 2 || ns.length != cpus.length || kinds.length != cpus.length) {
      throw new IllegalArgumentException("a latency table needs two CPUs or more, a row each");
    }
  }

  /**
   * One summary line: a group of pairs and its median, least and greatest one-way time.
   *
   * @param label the group's name ({@code "same socket"}); a sub-group's starts with spaces
   * @param pairs how many pairs it holds
   * @param median their median, ns
   * @param min their least, ns
   * @param max their greatest, ns
   */
  public record Group(String label, int pairs, double median, double min, double max) { }

  /**
   * One pair of the table.
   *
   * @param ping the CPU of the task that timed the round trips
   * @param pong the other CPU
   * @param kind how they stand to each other
   * @param ns the one-way time
   */
  public record Pair(int ping, int pong, PairKind kind, double ns) { }

  /** Every pair, row by row ({@code ping} the later CPU of each). */
  public List<Pair> pairs() {
    List<Pair> out = new ArrayList<>();
    for (int i = 1; i < cpus.length; i++) {
      for (int j = 0; j < i; j++) {
        out.add(new Pair(cpus[i], cpus[j], kinds[i][j], ns[i][j]));
      }
    }
    return out;
  }

  /**
   * The summary: SMT siblings, the same socket (split into within and between clusters when
   * the socket has several), the other socket; groups without pairs are left out.
   */
  public List<Group> summary() {
    List<Group> out = new ArrayList<>();
    add(out, "SMT sibling", EnumSet.of(PairKind.SMT_SIBLING));
    add(out, "same socket", EnumSet.of(PairKind.SAME_SOCKET, PairKind.SAME_CLUSTER,
        PairKind.OTHER_CLUSTER));
    if (pairs().stream().anyMatch(p -> p.kind() == PairKind.OTHER_CLUSTER)) {
      add(out, "  within cluster", EnumSet.of(PairKind.SAME_CLUSTER));
      add(out, "  between clusters", EnumSet.of(PairKind.OTHER_CLUSTER));
    }
    add(out, "other socket", EnumSet.of(PairKind.OTHER_SOCKET));
    return out;
  }

  private void add(List<Group> out, String label, Set<PairKind> kinds) {
    double[] v = pairs().stream().filter(p -> kinds.contains(p.kind())).mapToDouble(Pair::ns)
        .sorted().toArray();
    if (v.length > 0) {
      out.add(new Group(label, v.length, median(v), v[0], v[v.length - 1]));
    }
  }

  /** The pair with the least one-way time (the first such, row by row). */
  public Pair min() {
    return pairs().stream().reduce((a, b) -> b.ns() < a.ns() ? b : a).orElseThrow();
  }

  /** The pair with the greatest one-way time (the first such, row by row). */
  public Pair max() {
    return pairs().stream().reduce((a, b) -> b.ns() > a.ns() ? b : a).orElseThrow();
  }

  /** The mean over every pair, ns. */
  public double mean() {
    return pairs().stream().mapToDouble(Pair::ns).average().orElseThrow();
  }

  /** The median of sorted values. */
  static double median(double[] sorted) {
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof LatencyMatrix m && model.equals(m.model) && Arrays.equals(cpus, m.cpus)
        && Arrays.deepEquals(ns, m.ns) && Arrays.deepEquals(kinds, m.kinds)
        && samples == m.samples && roundTrips == m.roundTrips;
  }

  @Override
  public int hashCode() {
    return Objects.hash(model, Arrays.hashCode(cpus), Arrays.deepHashCode(ns), samples, roundTrips);
  }

  @Override
  public String toString() {
    return "LatencyMatrix[" + model + ", " + cpus.length + " CPUs]";
  }
}
