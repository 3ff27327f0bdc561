package org.locksim.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Why: the coherence model prices a read from the nearest holder and an upgrade by the
 * farthest other sharer; the class masks must give exactly what a walk over the set gives.
 */
class DistancesTest {
  /** Two sockets of two cores of two threads, 70 CPUs wide to cross a mask word. */
  private static long[][] machine(int n) {
    long[][] t = new long[n][n];
    for (int a = 0; a < n; a++) {
      for (int b = 0; b < n; b++) {
        t[a][b] = a == b ? 0 : a / 2 == b / 2 ? 2 : a / 35 == b / 35 ? 35 : 110;
      }
    }
    return t;
  }

  @Test
  void nearestAndFarthestMatchAWalkOverTheSet() {
    int n = 70;
    long[][] t = machine(n);
    Distances d = new Distances(t);
    SplittableRandom r = new SplittableRandom(7);
    for (int trial = 0; trial < 2000; trial++) {
      long[] set = new long[2];
      int cpu = r.nextInt(n);
      long nearest = Long.MAX_VALUE;
      long farthest = 0;
      for (int k = r.nextInt(6); k >= 0; k--) {
        int o = r.nextInt(n);
        set[o >>> 6] |= 1L << o;
        if (o != cpu) {
          nearest = Math.min(nearest, t[cpu][o]);
          farthest = Math.max(farthest, t[cpu][o]);
        }
      }
      assertEquals(nearest == Long.MAX_VALUE ? -1 : nearest, d.nearest(cpu, set));
      assertEquals(farthest, d.farthest(cpu, set));
    }
  }

  @Test
  void aCpuAloneInTheSetHasNoOtherHolder() {
    Distances d = new Distances(machine(4));
    assertEquals(-1, d.nearest(1, new long[] {1L << 1}));
    assertEquals(0, d.farthest(1, new long[] {1L << 1}));
    assertEquals(2, d.nearest(1, new long[] {1L | 1L << 1}));
  }
}
