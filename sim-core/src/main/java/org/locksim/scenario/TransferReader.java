package org.locksim.scenario;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.locksim.cpu.ClusterPairs;
import org.locksim.cpu.Distance;
import org.locksim.cpu.SocketMatrix;
import org.locksim.cpu.Sourced;
import org.locksim.cpu.Topology;
import org.locksim.cpu.TransferTable;
import org.locksim.scenario.json.InputError;
import org.locksim.scenario.json.JsonField;
import org.locksim.scenario.json.JsonValue;
import org.locksim.scenario.json.Names;
import org.locksim.scenario.json.ObjectReader;
import org.locksim.scenario.json.Values;

/**
 * Reads a CPU model's {@code transfer} object against its topology: the four distance classes
 * ({@code smtSibling}, {@code sameCluster}, {@code sameSocket}, {@code otherSocket}), the
 * optional {@code clusterPairs} table keyed by cluster names and the optional {@code sockets}
 * matrix. A table that is not symmetric, misses a pair, has a negative entry or the wrong size,
 * or names a cluster the topology lacks, is reported at the offending entry.
 */
final class TransferReader {
  /** Largest latency a table accepts, in nanoseconds, as for the distance classes. */
  private static final double MAX_NS = 1e7;

  private TransferReader() { }

  static TransferTable read(ObjectReader r, Topology topology) {
    Map<Distance, Sourced> classes = new EnumMap<>(Distance.class);
    List<String> names = new ArrayList<>();
    for (Distance d : Distance.values()) {
      if (d != Distance.SELF) {
        names.add(d.jsonName());
      }
    }
    for (String n : names) {
      r.optionalObject(n).ifPresent(
          x -> classes.put(Distance.fromJsonName(n), ModelReader.sourced(x, 0, MAX_NS)));
    }
    Optional<ClusterPairs> pairs = r.optionalObject("clusterPairs")
        .map(p -> clusterPairs(p, topology));
    Optional<SocketMatrix> sockets = r.optionalObject("sockets").map(s -> sockets(s, topology));
    r.finish();
    if (classes.isEmpty()) {
      throw r.error("a transfer table needs at least one of " + Names.list(names));
    }
    return new TransferTable(classes, pairs, sockets);
  }

  /**
   * {@code {"ns": {"A": {"B": 120, ...}, ...}, "source": "..."}}: every pair of distinct
   * clusters in at least one order, both orders equal when both are given; the diagonal is
   * optional.
   */
  private static ClusterPairs clusterPairs(ObjectReader r, Topology topology) {
    List<String> clusters = topology.clusterNames();
    if (new HashSet<>(clusters).size() != clusters.size()) {
      throw r.error("clusterPairs names clusters, so every cluster of the topology needs its"
          + " own name; the topology's clusters are " + Names.list(clusters));
    }
    int k = clusters.size();
    ObjectReader table = r.requiredObject("ns");
    String source = ModelReader.source(r);
    r.finish();
    JsonValue[][] at = new JsonValue[k][k];
    for (JsonField row : table.object().fields()) {
      int i = clusterIndex(row, clusters);
      ObjectReader cells = ObjectReader.of(row.value(), "clusterPairs.ns." + row.name());
      for (JsonField cell : cells.object().fields()) {
        at[i][clusterIndex(cell, clusters)] = cell.value();
      }
    }
    List<List<Double>> ns = new ArrayList<>();
    for (int i = 0; i < k; i++) {
      List<Double> row = new ArrayList<>();
      for (int j = 0; j < k; j++) {
        row.add(entry(at, i, j, clusters, table));
      }
      ns.add(row);
    }
    return new ClusterPairs(clusters, ns, source);
  }

  private static int clusterIndex(JsonField f, List<String> clusters) {
    int i = clusters.indexOf(f.name());
    if (i < 0) {
      throw InputError.unknownName(f.nameLocation(), "cluster", f.name(), clusters);
    }
    return i;
  }

  /** The latency between clusters i and j, from either order, checked; NaN for an absent diagonal. */
  private static double entry(JsonValue[][] at, int i, int j, List<String> clusters,
      ObjectReader table) {
    JsonValue here = at[i][j];
    JsonValue mirror = at[j][i];
    if (i == j) {
      return here == null ? Double.NaN : Values.number(here, 0, MAX_NS);
    }
    if (here == null && mirror == null) {
      throw table.error("missing the pair " + Names.quote(clusters.get(i)) + " and "
          + Names.quote(clusters.get(j)) + ": give ns." + clusters.get(i) + "."
          + clusters.get(j) + " (every pair of clusters needs a latency)");
    }
    double v = Values.number(here != null ? here : mirror, 0, MAX_NS);
    if (here != null && mirror != null) {
      double w = Values.number(mirror, 0, MAX_NS);
      if (v != w && i > j) {
        throw asymmetric(here, mirror);
      }
    }
    return v;
  }

  /**
   * {@code {"ns": [[0, 118], [118, 0]], "source": "..."}}: one row and one column per socket
   * of the topology, symmetric, zero on the diagonal.
   */
  private static SocketMatrix sockets(ObjectReader r, Topology topology) {
    int n = topology.sockets();
    JsonValue matrix = r.requiredValue("ns");
    String source = ModelReader.source(r);
    r.finish();
    List<JsonValue> rows = Values.array(matrix);
    if (rows.size() != n) {
      throw InputError.at(matrix, "expected " + n + " rows, one per socket of the topology, got "
          + rows.size());
    }
    JsonValue[][] at = new JsonValue[n][];
    for (int i = 0; i < n; i++) {
      List<JsonValue> row = Values.array(rows.get(i));
      if (row.size() != n) {
        throw InputError.at(rows.get(i), "expected " + n
            + " entries, one per socket of the topology, got " + row.size());
      }
      at[i] = row.toArray(new JsonValue[0]);
    }
    List<List<Double>> ns = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      List<Double> row = new ArrayList<>();
      for (int j = 0; j < n; j++) {
        double v = Values.number(at[i][j], 0, MAX_NS);
        if (i == j && v != 0) {
          throw InputError.at(at[i][j], "expected 0 on the diagonal, got " + at[i][j].describe()
              + ": transfers inside one socket come from smtSibling, sameCluster, sameSocket"
              + " and clusterPairs");
        }
        if (j < i && v != row(ns, j, i)) {
          throw asymmetric(at[i][j], at[j][i]);
        }
        row.add(v);
      }
      ns.add(row);
    }
    return new SocketMatrix(ns, source);
  }

  private static double row(List<List<Double>> ns, int i, int j) {
    return ns.get(i).get(j);
  }

  private static InputError asymmetric(JsonValue here, JsonValue mirror) {
    return InputError.at(here, "the table is not symmetric: " + here.describe() + " here but "
        + mirror.describe() + " at " + mirror.path() + " (line " + mirror.line() + ", column "
        + mirror.column() + "); a line costs the same in both directions");
  }
}
