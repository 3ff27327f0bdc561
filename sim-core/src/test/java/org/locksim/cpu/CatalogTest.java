package org.locksim.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.locksim.scenario.MachineReader;

/**
 * Why: every bundled model must load strictly and carry a source for every number, the
 * machines of the published results must have their real shape, and the core-to-core
 * calibrations must give back the published hops under the convention the catalog states
 * (transfer = one-way CAS ping-pong minus the model's own lock cmpxchg).
 */
class CatalogTest {
  private final ModelCatalog catalog = ModelCatalog.bundled();
  private final MachineReader reader = new MachineReader(catalog);

  @Test
  void listsTheModelsTheSeedsNeed() {
    assertTrue(catalog.names().containsAll(List.of("pentium3", "pentium4", "amd64-2009-16way",
        "amd64-2s4c", "amd64-1s8c", "amd64-16cpu", "apple-m2-pro", "xeon-e7-8895v3-4s",
        "xeon-e5-2695v4-2s", "xeon-gold-6242-2s", "xeon-8375c-2s", "epyc-7r13-2s",
        "opteron-8431-8s")));
  }

  @Test
  void everyModelLoadsWithSourcedNumbers() {
    for (String name : catalog.names()) {
      CpuModel m = reader.bundled(name);
      assertEquals(name, m.name());
      m.costs().cycles().values().forEach(s -> assertFalse(s.source().isBlank(), name));
      m.transfer().ns().values().forEach(s -> assertFalse(s.source().isBlank(), name));
      m.transfer().clusterPairs().ifPresent(p -> assertFalse(p.source().isBlank(), name));
      m.transfer().sockets().ifPresent(p -> assertFalse(p.source().isBlank(), name));
      assertFalse(m.coherence().occupancyNs().source().isBlank(), name);
      assertTrue(m.coherence().occupancyNs().value() > 0, name);
      for (Cluster c : m.topology().clusters()) {
        // Every bundled core is out of order (the Pentium III's P6 included): a window of 0
        // would make its sections' misses serial by omission.
        assertTrue(c.reorderWindow().value() >= 40, name + " " + c.name());
        assertFalse(c.reorderWindow().source().isBlank(), name);
      }
      assertTrue(m.cpuCount() >= 1);
    }
  }

  @Test
  void appleM2ProHasSixPerformanceAndFourEfficiencyCores() {
    CpuModel m = reader.bundled("apple-m2-pro");
    assertEquals(Architecture.ARM64, m.architecture());
    assertEquals(10, m.cpuCount());
    int slowest = (int) m.topology().cpus().stream().filter(c -> c.frequencyMHz() < 3000).count();
    assertEquals(4, slowest);
  }

  @Test
  void theMachinesOfV6AndV7HaveTheirPublishedShape() {
    Map<String, int[]> shape = Map.of(
        "xeon-e7-8895v3-4s", new int[] {4, 144},
        "xeon-e5-2695v4-2s", new int[] {2, 72},
        "xeon-gold-6242-2s", new int[] {2, 64},
        "xeon-8375c-2s", new int[] {2, 128},
        "epyc-7r13-2s", new int[] {2, 192});
    shape.forEach((name, s) -> {
      CpuModel m = reader.bundled(name);
      assertEquals(s[0], m.topology().sockets(), name);
      assertEquals(s[1], m.cpuCount(), name);
      assertTrue(m.topology().hasSmt(), name);
    });
    assertEquals(6, reader.bundled("epyc-7r13-2s").topology().clusters().size(), "six CCDs");
    SocketMatrix x54 = reader.bundled("xeon-e7-8895v3-4s").transfer().sockets().orElseThrow();
    for (int i = 0; i < 4; i++) {
      for (int j = 0; j < 4; j++) {
        assertEquals(i == j ? 0 : x54.nsBetween(0, 1), x54.nsBetween(i, j),
            "every socket of the X5-4 is one QPI hop from every other");
      }
    }
  }

  @Test
  void theMosbenchOpteronHasEightSixCoreSocketsOneOrTwoHopsApart() {
    CpuModel m = reader.bundled("opteron-8431-8s");
    assertEquals(8, m.topology().sockets());
    assertEquals(48, m.cpuCount());
    assertFalse(m.topology().hasSmt());
    SocketMatrix s = m.transfer().sockets().orElseThrow();
    double oneHop = s.nsBetween(0, 1);
    double twoHops = s.nsBetween(0, 2);
    assertTrue(oneHop < twoHops);
    for (int i = 0; i < 8; i++) {
      int neighbours = 0;
      for (int j = 0; j < 8; j++) {
        double ns = s.nsBetween(i, j);
        assertTrue(i == j ? ns == 0 : ns == oneHop || ns == twoHops, "socket " + i + " to " + j);
        neighbours += ns == oneHop ? 1 : 0;
      }
      assertEquals(3, neighbours, "three coherent HT links per socket");
    }
    // The c2c hop is the transfer plus the model's own 20-clk lock cmpxchg at 2.4 GHz.
    double casNs = 20 / 2.4;
    assertEquals(38.6 + casNs, hopNs(m, 0, 1), 0.06, "same die");
    assertEquals(81.9 + casNs, hopNs(m, 0, 6), 0.06, "one HT hop");
    assertEquals(120 + casNs, hopNs(m, 0, 12), 0.06, "two HT hops");
  }

  /** One-way hop of the c2c tool from CPU a to CPU b: the transfer plus the CAS that ends it. */
  private static double hopNs(CpuModel m, int a, int b) {
    List<CpuSlot> cpus = m.topology().cpus();
    double casNs = m.costs().cyclesOf(Instr.LOCK_CMPXCHG) * cpus.get(b).psPerCycle() / 1000;
    return m.transferNs(cpus.get(a), cpus.get(b)) + casNs;
  }

  @Test
  void theCoreToCoreCalibrationsGiveBackThePublishedHops() {
    // nviennot/core-to-core-latency README medians: SMT sibling, same socket (EPYC: same
    // CCX), other socket. CPUs are numbered socket-major, then cluster, core, thread.
    String[] names = {"xeon-e5-2695v4-2s", "xeon-gold-6242-2s", "xeon-8375c-2s", "epyc-7r13-2s"};
    double[][] published = {{7.6, 44, 118}, {7.4, 48, 136}, {8.1, 51, 108}, {9.8, 23, 197}};
    for (int k = 0; k < names.length; k++) {
      CpuModel m = reader.bundled(names[k]);
      int otherSocket = m.cpuCount() / 2;
      assertEquals(published[k][0], hopNs(m, 0, 1), 0.06, names[k] + " SMT sibling");
      assertEquals(published[k][1], hopNs(m, 0, 2), 0.06, names[k] + " same socket");
      assertEquals(published[k][2], hopNs(m, 0, otherSocket), 0.06, names[k] + " other socket");
    }
    assertEquals(107, hopNs(reader.bundled("epyc-7r13-2s"), 0, 16), 0.06, "between CCDs");
  }
}
