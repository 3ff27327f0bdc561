package org.locksim.machine;

import java.util.Arrays;
import java.util.TreeSet;

/**
 * The transfer times of one machine grouped, for each CPU, into distance classes (SMT sibling,
 * cluster, socket, other socket): a mask of the CPUs in each class, nearest first. The nearest
 * or farthest CPU of a set is then the first class, from either end, that meets the set's
 * mask: a few word ANDs instead of a walk over every member of the set.
 */
final class Distances {
  /** Per CPU, per class (nearest first): the transfer time of the class. */
  private final long[][] classPs;
  /** Per CPU, per class: the mask of the other CPUs in the class, one long per 64 CPUs. */
  private final long[][][] classMask;

  Distances(long[][] transferPs) {
    int n = transferPs.length;
    int words = (n + 63) >>> 6;
    classPs = new long[n][];
    classMask = new long[n][][];
    for (int cpu = 0; cpu < n; cpu++) {
      TreeSet<Long> values = new TreeSet<>();
      for (int other = 0; other < n; other++) {
        if (other != cpu) {
          values.add(transferPs[cpu][other]);
        }
      }
      long[] ps = values.stream().mapToLong(Long::longValue).toArray();
      long[][] masks = new long[ps.length][words];
      for (int other = 0; other < n; other++) {
        if (other != cpu) {
          int k = Arrays.binarySearch(ps, transferPs[cpu][other]);
          masks[k][other >>> 6] |= 1L << other;
        }
      }
      classPs[cpu] = ps;
      classMask[cpu] = masks;
    }
  }

  /** The transfer time from the nearest CPU of {@code set} other than {@code cpu}, or -1. */
  long nearest(int cpu, long[] set) {
    long[][] masks = classMask[cpu];
    for (int k = 0; k < masks.length; k++) {
      if (meets(masks[k], set)) {
        return classPs[cpu][k];
      }
    }
    return -1;
  }

  /** The transfer time from the farthest CPU of {@code set} other than {@code cpu}, or 0. */
  long farthest(int cpu, long[] set) {
    long[][] masks = classMask[cpu];
    for (int k = masks.length - 1; k >= 0; k--) {
      if (meets(masks[k], set)) {
        return classPs[cpu][k];
      }
    }
    return 0;
  }

  private static boolean meets(long[] mask, long[] set) {
    for (int w = 0; w < mask.length; w++) {
      if ((mask[w] & set[w]) != 0) {
        return true;
      }
    }
    return false;
  }
}
