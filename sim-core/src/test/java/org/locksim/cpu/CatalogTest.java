package org.locksim.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.locksim.scenario.MachineReader;

/** Why: every bundled model must load strictly and carry a source for every number. */
class CatalogTest {
  private final ModelCatalog catalog = ModelCatalog.bundled();
  private final MachineReader reader = new MachineReader(catalog);

  @Test
  void listsTheModelsTheSeedsNeed() {
    assertTrue(catalog.names().containsAll(List.of("pentium3", "pentium4", "amd64-2009-16way",
        "amd64-2s4c", "amd64-1s8c", "amd64-16cpu", "apple-m2-pro")));
  }

  @Test
  void everyModelLoadsWithSourcedNumbers() {
    for (String name : catalog.names()) {
      CpuModel m = reader.bundled(name);
      assertEquals(name, m.name());
      m.costs().cycles().values().forEach(s -> assertFalse(s.source().isBlank(), name));
      m.transfer().ns().values().forEach(s -> assertFalse(s.source().isBlank(), name));
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
}
