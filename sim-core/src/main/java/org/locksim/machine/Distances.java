package org.locksim.machine;

import java.util.Arrays;
import java.util.TreeSet;

/**
 * The transfer times of one machine grouped, for each CPU, into distance classes (SMT sibling,
 * cluster, socket, other socket): a mask of the CPUs in each class, nearest first. The nearest
 * or farthest CPU of a set is then the first class, from either end, that meets the set's
 * mask: a few word ANDs instead of a walk over every member of the set.
 *
 * <p>Every CPU's classes live in one flat array, {@code classes} slots per CPU, so that a
 * lookup reads consecutive words of one array (it runs on every re-read of a spun-on line).
 */
final class Distances {
  /** Classes per CPU slot: the most any CPU has. */
  private final int classes;
  /** Words per mask: one long per 64 CPUs. */
  private final int words;
  /** Per CPU: how many classes it has. */
  private final int[] classCount;
  /** Per CPU and class (nearest first), at {@code cpu * classes + k}: the transfer time. */
  private final long[] classPs;
  /** Per CPU, class and word, at {@code (cpu * classes + k) * words + w}: the class's CPUs. */
  private final long[] classMask;

  Distances(long[][] transferPs) {
    int n = transferPs.length;
    words = (n + 63) >>> 6;
    long[][] ps = new long[n][];
    int most = 1;
    for (int cpu = 0; cpu < n; cpu++) {
      TreeSet<Long> values = new TreeSet<>();
      for (int other = 0; other < n; other++) {
        if (other != cpu) {
          values.add(transferPs[cpu][other]);
        }
      }
      ps[cpu] = values.stream().mapToLong(Long::longValue).toArray();
      most = Math.max(most, ps[cpu].length);
    }
    classes = most;
    classCount = new int[n];
    classPs = new long[n * classes];
    classMask = new long[n * classes * words];
    for (int cpu = 0; cpu < n; cpu++) {
      classCount[cpu] = ps[cpu].length;
      System.arraycopy(ps[cpu], 0, classPs, cpu * classes, ps[cpu].length);
      for (int other = 0; other < n; other++) {
        if (other != cpu) {
          int k = Arrays.binarySearch(ps[cpu], transferPs[cpu][other]);
          classMask[(cpu * classes + k) * words + (other >>> 6)] |= 1L << other;
        }
      }
    }
  }

  /** The transfer time from the nearest CPU of {@code set} other than {@code cpu}, or -1. */
  long nearest(int cpu, long[] set) {
    int base = cpu * classes;
    int end = base + classCount[cpu];
    if (words == 1) {
      long s = set[0];
      for (int c = base; c < end; c++) {
        if ((classMask[c] & s) != 0) {
          return classPs[c];
        }
      }
      return -1;
    }
    for (int c = base; c < end; c++) {
      if (meets(c, set)) {
        return classPs[c];
      }
    }
    return -1;
  }

  /** The transfer time from the farthest CPU of {@code set} other than {@code cpu}, or 0. */
  long farthest(int cpu, long[] set) {
    int base = cpu * classes;
    for (int c = base + classCount[cpu] - 1; c >= base; c--) {
      if (words == 1 ? (classMask[c] & set[0]) != 0 : meets(c, set)) {
        return classPs[c];
      }
    }
    return 0;
  }

  /** The nearest CPU of {@code set} other than {@code cpu} (the lowest-numbered of its class), or -1. */
  int nearestCpu(int cpu, long[] set) {
    int base = cpu * classes;
    for (int c = base; c < base + classCount[cpu]; c++) {
      int found = firstMet(c, set);
      if (found >= 0) {
        return found;
      }
    }
    return -1;
  }

  /** The farthest CPU of {@code set} other than {@code cpu} (the lowest-numbered of its class), or -1. */
  int farthestCpu(int cpu, long[] set) {
    int base = cpu * classes;
    for (int c = base + classCount[cpu] - 1; c >= base; c--) {
      int found = firstMet(c, set);
      if (found >= 0) {
        return found;
      }
    }
    return -1;
  }

  private int firstMet(int c, long[] set) {
    int at = c * words;
    for (int w = 0; w < words; w++) {
      long m = classMask[at + w] & set[w];
      if (m != 0) {
        return (w << 6) + Long.numberOfTrailingZeros(m);
      }
    }
    return -1;
  }

  private boolean meets(int c, long[] set) {
    int at = c * words;
    for (int w = 0; w < words; w++) {
      if ((classMask[at + w] & set[w]) != 0) {
        return true;
      }
    }
    return false;
  }
}
