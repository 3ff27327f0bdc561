package org.locksim.machine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.locksim.cpu.ClusterPairs;
import org.locksim.cpu.CpuModel;
import org.locksim.cpu.CpuSlot;
import org.locksim.cpu.Distance;
import org.locksim.cpu.ModelCatalog;
import org.locksim.cpu.SocketMatrix;
import org.locksim.cpu.Topology;
import org.locksim.cpu.TransferTable;
import org.locksim.scenario.MachineReader;

/**
 * Why: every per-CPU-pair latency the machine uses comes from one rule over the model's
 * distance classes, cluster pairs and socket matrix. The models that predate the tables must get
 * exactly the latencies of the old four-class rule (so their published reproductions do not
 * move), the tables must agree with the classes when they say the same thing, and every
 * matrix must be symmetric and cover every pair.
 */
class TransferMatrixTest {
  /** The catalog models written before cluster pairs and socket matrices existed. */
  private static final List<String> FOUR_CLASS_MODELS = List.of("pentium3", "pentium4",
      "amd64-2009-16way", "amd64-8cpu-2013", "amd64-2015-2s40t", "amd64-2s4c", "amd64-1s8c",
      "amd64-16cpu", "apple-m2-pro");

  private final ModelCatalog catalog = ModelCatalog.bundled();
  private final MachineReader reader = new MachineReader(catalog);

  /** The rule of the four classes alone, as the machine computed it before the tables. */
  private static long[][] fourClassPs(CpuModel m) {
    List<CpuSlot> slots = m.topology().cpus();
    long[][] ps = new long[slots.size()][slots.size()];
    for (int i = 0; i < slots.size(); i++) {
      for (int j = 0; j < slots.size(); j++) {
        ps[i][j] = Math.round(
            m.transfer().nsFor(Topology.distance(slots.get(i), slots.get(j))) * 1000);
      }
    }
    return ps;
  }

  private static CpuModel withTransfer(CpuModel m, TransferTable t) {
    return new CpuModel(m.name(), m.description(), m.architecture(), m.year(), m.topology(),
        m.costs(), t, m.coherence(), m.kernel());
  }

  @Test
  void theOldModelsKeepTheLatenciesOfTheFourClassRule() {
    for (String name : FOUR_CLASS_MODELS) {
      CpuModel m = reader.bundled(name);
      assertTrue(m.transfer().clusterPairs().isEmpty() && m.transfer().sockets().isEmpty(), name);
      assertArrayEquals(fourClassPs(m), Machine.transferMatrixPs(m), name);
    }
  }

  @Test
  void tablesThatRepeatTheClassesGiveTheSameLatencies() {
    for (String name : catalog.names()) {
      CpuModel m = reader.bundled(name);
      if (m.transfer().clusterPairs().isPresent() || m.transfer().sockets().isPresent()) {
        continue;
      }
      TransferTable t = m.transfer();
      TransferTable explicit = new TransferTable(t.ns(),
          Optional.of(ClusterPairs.uniform(m.topology().clusterNames(),
              t.nsFor(Distance.SAME_CLUSTER), t.nsFor(Distance.SAME_SOCKET), "test")),
          Optional.of(SocketMatrix.uniform(m.topology().sockets(),
              t.nsFor(Distance.OTHER_SOCKET), "test")));
      assertArrayEquals(Machine.transferMatrixPs(m),
          Machine.transferMatrixPs(withTransfer(m, explicit)), name);
    }
  }

  @Test
  void everyCatalogMatrixIsSymmetricAndCoversEveryPair() {
    for (String name : catalog.names()) {
      CpuModel m = reader.bundled(name);
      long[][] ps = Machine.transferMatrixPs(m);
      assertEquals(m.cpuCount(), ps.length, name);
      for (int i = 0; i < ps.length; i++) {
        assertEquals(ps.length, ps[i].length, name);
        assertEquals(0, ps[i][i], name + " CPU " + i + " to itself");
        for (int j = 0; j < i; j++) {
          assertTrue(ps[i][j] > 0, name + " CPUs " + i + ", " + j + " have a latency");
          assertEquals(ps[i][j], ps[j][i], name + " CPUs " + i + ", " + j + " both ways");
        }
      }
    }
  }

  @Test
  void aSocketMatrixPricesEveryPairOfPackages() {
    CpuModel base = TestMachines.amd64(8, 2);
    SocketMatrix far = new SocketMatrix(List.of(List.of(0.0, 250.0), List.of(250.0, 0.0)), "test");
    CpuModel m = withTransfer(base,
        new TransferTable(base.transfer().ns(), Optional.empty(), Optional.of(far)));
    long[][] ps = Machine.transferMatrixPs(m);
    assertEquals(250_000, ps[0][7]);
    assertEquals(40_000, ps[0][3], "inside a package the classes still apply");
  }

  @Test
  void tablesThatDoNotFitTheTopologyAreRefused() {
    CpuModel base = TestMachines.amd64(8, 2);
    TransferTable threeSockets = new TransferTable(base.transfer().ns(), Optional.empty(),
        Optional.of(SocketMatrix.uniform(3, 100, "test")));
    assertThrows(IllegalArgumentException.class, () -> withTransfer(base, threeSockets));
    TransferTable otherClusters = new TransferTable(base.transfer().ns(),
        Optional.of(ClusterPairs.uniform(List.of("ccd0"), 10, 50, "test")), Optional.empty());
    assertThrows(IllegalArgumentException.class, () -> withTransfer(base, otherClusters));
  }

  @Test
  void asymmetricOrNegativeTablesCannotBeBuilt() {
    assertThrows(IllegalArgumentException.class, () -> new SocketMatrix(
        List.of(List.of(0.0, 100.0), List.of(90.0, 0.0)), "test"));
    assertThrows(IllegalArgumentException.class, () -> new SocketMatrix(
        List.of(List.of(0.0, -1.0), List.of(-1.0, 0.0)), "test"));
    assertThrows(IllegalArgumentException.class, () -> new SocketMatrix(
        List.of(List.of(0.0, 100.0)), "test"));
    assertThrows(IllegalArgumentException.class, () -> new ClusterPairs(List.of("a", "b"),
        List.of(List.of(Double.NaN, 10.0), List.of(11.0, Double.NaN)), "test"));
  }
}
