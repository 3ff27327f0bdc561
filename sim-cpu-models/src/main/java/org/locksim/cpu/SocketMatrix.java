package org.locksim.cpu;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Transfer latencies between packages (sockets, NUMA nodes), as ACPI's SLIT gives relative
 * distances between nodes: square, one row per socket, symmetric, with a zero diagonal (a
 * transfer inside one package is priced by the levels below). A glueless four-socket box
 * where every socket has a link to every other has one value off the diagonal; a machine
 * whose far sockets are two hops away has two.
 *
 * @param ns nanoseconds, {@code ns.get(i).get(j)} between a CPU of socket {@code i} and one of
 *     socket {@code j}
 * @param source where the whole matrix comes from
 */
public record SocketMatrix(List<List<Double>> ns, String source) {
  public SocketMatrix {
    Objects.requireNonNull(source, "source");
    if (source.isBlank()) {
      throw new IllegalArgumentException("a socket matrix needs a source");
    }
    ns = SquareMatrix.copy(ns, ns.size(), "socket matrix");
    for (int i = 0; i < ns.size(); i++) {
      if (ns.get(i).get(i) != 0) {
        throw new IllegalArgumentException("a socket matrix has 0 on its diagonal");
      }
      for (int j = 0; j < ns.size(); j++) {
        double v = ns.get(i).get(j);
        if (!SquareMatrix.latency(v)) {
          throw new IllegalArgumentException("socket latency must be a finite number >= 0, got " + v);
        }
        if (v != ns.get(j).get(i)) {
          throw new IllegalArgumentException(
              "socket matrix is not symmetric between sockets " + i + " and " + j);
        }
      }
    }
  }

  /** Sockets the matrix covers. */
  public int sockets() {
    return ns.size();
  }

  /** Latency between a CPU of socket {@code a} and one of socket {@code b}. */
  public double nsBetween(int a, int b) {
    return ns.get(a).get(b);
  }

  /** A matrix of {@code sockets} sockets, {@code between} off the diagonal. */
  public static SocketMatrix uniform(int sockets, double between, String source) {
    List<List<Double>> rows = new ArrayList<>();
    for (int i = 0; i < sockets; i++) {
      List<Double> row = new ArrayList<>();
      for (int j = 0; j < sockets; j++) {
        row.add(i == j ? 0.0 : between);
      }
      rows.add(row);
    }
    return new SocketMatrix(rows, source);
  }
}
