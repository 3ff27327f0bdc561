package org.locksim.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.locksim.cpu.ModelCatalog;
import org.locksim.metrics.PairKind;
import org.locksim.scenario.MachineReader;

/**
 * Why: V7 compares each catalog model's ping-pong, by pair group, with the published tables;
 * its figures must be the groups' one-way times from CPU 0 (checked here on a catalog model
 * whose groups are known: 8.7, 41.7 and 116.7 ns on the 2-socket 40-thread amd64), a group
 * the model lacks must fail, and a model the catalog lacks must give skipped rows that fail
 * nothing, not an error.
 */
class V7CoreToCoreTest {
  @Test
  void aModelsRowsAreItsGroupsFromCpuZero() {
    var model = new MachineReader(ModelCatalog.bundled()).bundled("amd64-2015-2s40t");
    Map<PairKind, Double> published = new EnumMap<>(PairKind.class);
    published.put(PairKind.SAME_SOCKET, 44.0);
    published.put(PairKind.OTHER_SOCKET, 118.0);
    published.put(PairKind.SMT_SIBLING, 7.6);
    published.put(PairKind.OTHER_CLUSTER, 100.0);
    Map<String, Row> rows = new java.util.HashMap<>();
    for (Row r : V7CoreToCore.rows(model, published)) {
      rows.put(r.figure(), r);
    }
    Row same = rows.get("amd64-2015-2s40t same socket, ns");
    Row other = rows.get("amd64-2015-2s40t other socket, ns");
    Row smt = rows.get("amd64-2015-2s40t SMT sibling, ns");
    assertTrue(same.simulatedText().startsWith("41.7 "), same.simulatedText());
    assertTrue(same.pass(), same.toString());
    assertTrue(other.simulatedText().startsWith("116.7 "), other.simulatedText());
    assertTrue(smt.simulatedText().startsWith("8.7 "), smt.simulatedText());
    assertTrue(smt.pass(), "8.7 ns is 14.5% over 7.6 ns, inside 15%: " + smt);
    assertEquals("FAIL", rows.get("amd64-2015-2s40t between clusters, ns").verdict(),
        "the model has one cluster per socket");
  }

  @Test
  void aModelTheCatalogLacksIsSkipped() {
    ModelCatalog catalog = ModelCatalog.bundled();
    for (Row row : new V7CoreToCore().run(Path.of("..", "scenarios"))) {
      String model = row.figure().split(" ")[0];
      if (catalog.json(model).isEmpty()) {
        assertTrue(row.skipped() && row.pass(), row.toString());
        assertEquals("skipped", row.verdict());
        assertEquals("model not in the catalog", row.simulatedText());
      } else {
        assertFalse(row.skipped(), row.toString());
      }
    }
  }
}
