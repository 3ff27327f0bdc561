package org.locksim.cpu;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * Nanoseconds to bring one cache line to a CPU from the nearest CPU that holds it, by
 * distance. A distance the table lacks falls back to the next farther one that it has
 * ({@code sameCluster} to {@code sameSocket}, and so on), so single-cluster parts need not
 * repeat themselves.
 *
 * @param ns latency by distance; {@link Distance#SELF} is never present
 */
public record TransferTable(Map<Distance, Sourced> ns) {
  public TransferTable {
    Objects.requireNonNull(ns, "ns");
    if (ns.containsKey(Distance.SELF)) {
      throw new IllegalArgumentException("a transfer table has no latency to the same CPU");
    }
    if (ns.isEmpty()) {
      throw new IllegalArgumentException("a transfer table needs at least one distance");
    }
    ns = Collections.unmodifiableMap(new EnumMap<>(ns));
  }

  /** Latency in nanoseconds for {@code d}, with the fall-back described above; 0 for SELF. */
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
}
