package org.locksim.c2c;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.locksim.cpu.CpuModel;
import org.locksim.cpu.ModelCatalog;
import org.locksim.machine.FastPath;
import org.locksim.machine.Isa;
import org.locksim.machine.KernelConfig;
import org.locksim.machine.Machine;
import org.locksim.machine.ReleaseStyle;
import org.locksim.scenario.MachineReader;

/**
 * Why: the ping-pong and the transfer costs must mean the same thing (VALIDATION.md, V7). For
 * every bundled model and every distance level it has (every distinct pair of transfer time
 * and CAS costs), two pinned tasks bouncing a line with CAS give back, one way, the transfer
 * plus the CAS that takes the line: {@code (T(a->b) + T(b->a) + cas(a) + cas(b)) / 2}. The
 * run is deterministic and nothing else is on the path (each side's CAS queues for the line
 * behind the other's and then takes one transfer), so the tolerance is 0.5%: room for
 * picosecond rounding only. A read before the CAS (a second transfer per trip) or a CAS
 * priced twice would miss it by more than that on every level.
 */
class PingPongCatalogTest {
  private static final KernelConfig SMP =
      new KernelConfig(true, FastPath.OUT_OF_LINE, ReleaseStyle.XCHG, 1000, false);

  @Test
  void everyBundledModelGivesItsTransferCostsBack() {
    ModelCatalog catalog = ModelCatalog.bundled();
    MachineReader reader = new MachineReader(catalog);
    int levels = 0;
    for (String name : catalog.names()) {
      CpuModel model = reader.bundled(name);
      Machine m = new Machine(model, SMP);
      Isa isa = m.isa();
      for (Map.Entry<List<Long>, int[]> e : levels(m, isa).entrySet()) {
        int a = e.getValue()[0];
        int b = e.getValue()[1];
        double expected = (m.transferPs(a, b) + m.transferPs(b, a)
            + m.cpu(a).ps(isa.cas()) + m.cpu(b).ps(isa.cas())) / 2.0 / 1000;
        double got = CoreToCore.oneWayNs(model, a, b, 3, 20);
        assertEquals(expected, got, expected * 0.005,
            name + " CPUs " + a + "," + b + " (" + CoreToCore.kind(model, m.cpu(a).slot(), m.cpu(b).slot()) + ")");
        levels++;
      }
    }
    assertTrue(levels >= 10, "distance levels checked: " + levels);
  }

  /** One pair of CPUs for each distinct (transfer there, back, CAS on each side). */
  private static Map<List<Long>, int[]> levels(Machine m, Isa isa) {
    Map<List<Long>, int[]> out = new LinkedHashMap<>();
    for (int a = 0; a < m.cpuCount(); a++) {
      for (int b = 0; b < a; b++) {
        out.putIfAbsent(List.of(m.transferPs(a, b), m.transferPs(b, a), m.cpu(a).ps(isa.cas()),
            m.cpu(b).ps(isa.cas())), new int[] {a, b});
      }
    }
    return out;
  }
}
