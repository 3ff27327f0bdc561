package org.locksim.workload;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.locksim.cpu.ModelCatalog;
import org.locksim.machine.FastPath;
import org.locksim.machine.KernelConfig;
import org.locksim.machine.Machine;
import org.locksim.machine.ReleaseStyle;
import org.locksim.scenario.MachineReader;
import org.locksim.sched.CpuMask;

/**
 * Why: {@code spread} must go across packages first, then clusters, then cores, and use SMT
 * siblings last; {@code compact} must fill a package, a core's siblings first; both within
 * the group's CPUs, wrapping when tasks outnumber them; and {@code none} without a list starts
 * task i where Linux's fork balancing puts the i-th new thread of an idle machine (emptiest
 * socket, then core, siblings last), not on CPU i mod cpus, which filled one socket's SMT
 * siblings before the other socket had a task.
 */
class PlacementTest {
  private static Machine machine(String model) {
    return new Machine(new MachineReader(ModelCatalog.bundled()).bundled(model),
        new KernelConfig(true, FastPath.OUT_OF_LINE, ReleaseStyle.XCHG, 1000, false));
  }

  private static int[] first(Placement p, Machine m, int n) {
    int[] out = new int[n];
    Arrays.setAll(out, i -> p.firstCpu(i, m));
    return out;
  }

  @Test
  void spreadGoesAcrossPackagesThenCoresThenSiblings() {
    // 2 sockets x 10 cores x 2 threads: CPUs 0-19 on socket 0, siblings 2k and 2k+1.
    Machine m = machine("amd64-2015-2s40t");
    int[] order = Placement.spreadOrder(m);
    assertArrayEquals(new int[] {0, 20, 2, 22, 4, 24}, Arrays.copyOf(order, 6));
    assertArrayEquals(new int[] {1, 21, 3}, Arrays.copyOfRange(order, 20, 23));
    assertEquals(40, Arrays.stream(order).distinct().count());
  }

  @Test
  void spreadAlternatesClustersInOnePackage() {
    // The M2 Pro: clusters E (CPUs 0-3), P0 (4-6) and P1 (7-9).
    Machine m = machine("apple-m2-pro");
    assertArrayEquals(new int[] {0, 4, 7, 1, 5, 8, 2, 6, 9, 3}, Placement.spreadOrder(m));
  }

  @Test
  void compactFillsAPackageSiblingsFirst() {
    Machine m = machine("amd64-2015-2s40t");
    Placement compact = new Placement(Placement.Policy.COMPACT, CpuMask.parse("18-23"), List.of());
    assertArrayEquals(new int[] {18, 19, 20, 21, 22, 23, 18}, first(compact, m, 7));
    assertEquals(CpuMask.of(19), compact.allowed(1, m));
  }

  @Test
  void spreadStaysInsideTheGroup() {
    Machine m = machine("amd64-2015-2s40t");
    Placement spread = new Placement(Placement.Policy.SPREAD, CpuMask.parse("0-3,20-23"), List.of());
    assertArrayEquals(new int[] {0, 20, 2, 22, 1, 21, 3, 23, 0}, first(spread, m, 9));
  }

  @Test
  void noneStartsTasksWhereForkBalancingPutsNewThreads() {
    // 2 sockets x 10 cores x 2 threads: CPUs 0-19 on socket 0, siblings 2k and 2k+1.
    Machine m = machine("amd64-2015-2s40t");
    int[] order = first(Placement.NONE, m, 41);
    assertArrayEquals(new int[] {0, 20, 2, 22, 4, 24}, Arrays.copyOf(order, 6));
    assertArrayEquals(new int[] {1, 21, 3}, Arrays.copyOfRange(order, 20, 23));
    assertEquals(40, Arrays.stream(order).limit(40).distinct().count());
    assertEquals(0, order[40], "wraps around after every CPU");
    assertEquals(null, Placement.NONE.allowed(3, m));
  }

  @Test
  void noneWithAListKeepsTheListsOrder() {
    Machine m = machine("amd64-2s4c");
    Placement group = new Placement(Placement.Policy.NONE, CpuMask.parse("5-6"), List.of());
    assertArrayEquals(new int[] {5, 6, 5}, first(group, m, 3));
    assertEquals(CpuMask.parse("5-6"), group.allowed(2, m));
  }
}
