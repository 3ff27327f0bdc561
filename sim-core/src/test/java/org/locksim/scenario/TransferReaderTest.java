package org.locksim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.locksim.cpu.CoherenceProtocol;
import org.locksim.cpu.CpuModel;
import org.locksim.cpu.CpuSlot;
import org.locksim.scenario.json.InputError;

/**
 * Why: a distance table that is not symmetric, misses a pair, has a negative entry or the wrong
 * size, or names a cluster the topology lacks, must be refused before anything runs, located at
 * the offending entry (file, line, column, JSON path), as every other bad input is; and a good
 * table must reach the model.
 */
class TransferReaderTest {
  private final ScenarioLoader loader = ScenarioLoader.standard();

  /** A scenario whose machine is {@code model} with {@code transfer} merged into its transfer. */
  private static String scenario(String model, String transfer) {
    return "{\n"
        + "  \"name\": \"t\",\n"
        + "  \"machine\": {\"model\": \"" + model + "\",\n"
        + "    \"transfer\": " + transfer + "},\n"
        + "  \"locks\": [{\"name\": \"m\", \"algorithm\": \"spin.mutex\"}],\n"
        + "  \"workload\": {\"type\": \"uncontended\", \"lock\": \"m\"}\n"
        + "}\n";
  }

  private InputError reject(String text) {
    InputError e = assertThrows(InputError.class, () -> loader.load("t.json", text, List.of()));
    assertEquals("t.json", e.file(), e.format());
    assertTrue(e.line() > 0 && e.column() > 0, e.format());
    return e;
  }

  private CpuModel load(String text) {
    return loader.load("t.json", text, List.of()).get(0).machine();
  }

  private static String m2Pairs(String ns) {
    return "{\"clusterPairs\": {\"ns\": " + ns + ", \"source\": \"test\"}}";
  }

  private static String sockets(String ns) {
    return "{\"sockets\": {\"ns\": " + ns + ", \"source\": \"test\"}}";
  }

  @Test
  void clusterPairsPriceEachPairOfClusters() {
    CpuModel m = load(scenario("apple-m2-pro",
        m2Pairs("{\"E\": {\"E\": 37, \"P0\": 100, \"P1\": 110}, \"P0\": {\"P1\": 130}}")));
    List<CpuSlot> cpus = m.topology().cpus();
    assertEquals(37, m.transferNs(cpus.get(0), cpus.get(1)), "E-E from the diagonal");
    assertEquals(100, m.transferNs(cpus.get(0), cpus.get(4)), "E-P0");
    assertEquals(110, m.transferNs(cpus.get(9), cpus.get(3)), "P1-E, from the E row");
    assertEquals(130, m.transferNs(cpus.get(5), cpus.get(8)), "P0-P1");
    assertEquals(27, m.transferNs(cpus.get(4), cpus.get(5)), "P0-P0 keeps sameCluster");
  }

  @Test
  void socketMatrixPricesEachPairOfSockets() {
    CpuModel m = load(scenario("amd64-2s4c", sockets("[[0, 140], [140, 0]]")));
    List<CpuSlot> cpus = m.topology().cpus();
    assertEquals(140, m.transferNs(cpus.get(0), cpus.get(7)));
    assertEquals(32, m.transferNs(cpus.get(0), cpus.get(3)), "inside a socket: sameSocket");
  }

  @Test
  void anAsymmetricClusterTableIsRefusedAtTheSecondEntry() {
    InputError e = reject(scenario("apple-m2-pro",
        m2Pairs("{\"E\": {\"P0\": 100, \"P1\": 110}, \"P0\": {\"P1\": 130}, \"P1\": {\"E\": 111}}")));
    assertEquals("$.machine.transfer.clusterPairs.ns.P1.E", e.path());
    assertTrue(e.message().contains("not symmetric"), e.format());
    assertTrue(e.message().contains("$.machine.transfer.clusterPairs.ns.E.P1"), e.format());
  }

  @Test
  void aMissingClusterPairIsNamed() {
    InputError e = reject(scenario("apple-m2-pro",
        m2Pairs("{\"E\": {\"P0\": 100, \"P1\": 110}}")));
    assertEquals("$.machine.transfer.clusterPairs.ns", e.path());
    assertTrue(e.message().contains("missing the pair \"P0\" and \"P1\""), e.format());
  }

  @Test
  void aNegativeClusterLatencyIsRefused() {
    InputError e = reject(scenario("apple-m2-pro",
        m2Pairs("{\"E\": {\"P0\": -100, \"P1\": 110}, \"P0\": {\"P1\": 130}}")));
    assertEquals("$.machine.transfer.clusterPairs.ns.E.P0", e.path());
    assertTrue(e.message().contains("expected a number from 0 to 10000000, got -100"), e.format());
  }

  @Test
  void anUnknownClusterNameSuggestsTheClosest() {
    InputError e = reject(scenario("apple-m2-pro",
        m2Pairs("{\"E\": {\"PO\": 100, \"P1\": 110}, \"P0\": {\"P1\": 130}}")));
    assertEquals("$.machine.transfer.clusterPairs.ns.E.PO", e.path());
    assertTrue(e.message().contains("unknown cluster \"PO\"; expected one of E, P0, P1"),
        e.format());
    assertEquals(Optional.of("P0"), e.suggestion());
  }

  @Test
  void clusterPairsNeedDistinctClusterNames() {
    String text = scenario("amd64-2s4c", m2Pairs("{\"core\": {\"core\": 20}}")).replace(
        "\"machine\": {\"model\": \"amd64-2s4c\",",
        "\"machine\": {\"model\": \"amd64-2s4c\", \"topology\": {\"clusters\": ["
            + "{\"cores\": 2, \"frequencyMHz\": {\"value\": 3500, \"source\": \"t\"}},"
            + "{\"cores\": 2, \"frequencyMHz\": {\"value\": 3500, \"source\": \"t\"}}]},");
    InputError e = reject(text);
    assertEquals("$.machine.transfer.clusterPairs", e.path());
    assertTrue(e.message().contains("its own name"), e.format());
  }

  @Test
  void aSocketMatrixOfTheWrongSizeIsRefused() {
    InputError rows = reject(scenario("amd64-2s4c",
        sockets("[[0, 118, 118], [118, 0, 118], [118, 118, 0]]")));
    assertEquals("$.machine.transfer.sockets.ns", rows.path());
    assertTrue(rows.message().contains("expected 2 rows, one per socket of the topology, got 3"),
        rows.format());
    InputError columns = reject(scenario("amd64-2s4c", sockets("[[0, 118], [118]]")));
    assertEquals("$.machine.transfer.sockets.ns[1]", columns.path());
    assertTrue(columns.message().contains("expected 2 entries"), columns.format());
  }

  @Test
  void anAsymmetricSocketMatrixIsRefusedAtTheSecondEntry() {
    InputError e = reject(scenario("amd64-2s4c", sockets("[[0, 118], [120, 0]]")));
    assertEquals("$.machine.transfer.sockets.ns[1][0]", e.path());
    assertTrue(e.message().contains("not symmetric: 120 here but 118 at"
        + " $.machine.transfer.sockets.ns[0][1]"), e.format());
  }

  @Test
  void aNegativeOrNonZeroDiagonalSocketEntryIsRefused() {
    InputError negative = reject(scenario("amd64-2s4c", sockets("[[0, -1], [-1, 0]]")));
    assertEquals("$.machine.transfer.sockets.ns[0][1]", negative.path());
    assertTrue(negative.message().contains("got -1"), negative.format());
    InputError diagonal = reject(scenario("amd64-2s4c", sockets("[[0, 118], [118, 5]]")));
    assertEquals("$.machine.transfer.sockets.ns[1][1]", diagonal.path());
    assertTrue(diagonal.message().contains("expected 0 on the diagonal"), diagonal.format());
  }

  @Test
  void aBundledMatrixThatNoLongerFitsAnOverriddenTopologyPointsIntoTheModelFile() {
    String text = scenario("xeon-e7-8895v3-4s", "{}").replace(
        "\"machine\": {\"model\": \"xeon-e7-8895v3-4s\",",
        "\"machine\": {\"model\": \"xeon-e7-8895v3-4s\", \"topology\": {\"sockets\": 2},");
    InputError e = assertThrows(InputError.class, () -> loader.load("t.json", text, List.of()));
    assertEquals("models/xeon-e7-8895v3-4s.json", e.file());
    assertEquals("$.transfer.sockets.ns", e.path(), "a path inside the model's own file");
    assertTrue(e.message().contains("expected 2 rows, one per socket of the topology, got 4"),
        e.format());
  }

  @Test
  void theCoherenceProtocolIsOneOfThree() {
    String text = scenario("amd64-2s4c", "{}").replace("\"transfer\": {}",
        "\"coherence\": {\"protocol\": \"snoopfilter\"}");
    InputError e = reject(text);
    assertEquals("$.machine.coherence.protocol", e.path());
    assertEquals(Optional.of("snoopFilter"), e.suggestion());
    CpuModel m = load(text.replace("snoopfilter", "broadcast"));
    assertEquals(CoherenceProtocol.BROADCAST, m.coherence().protocol());
    assertEquals(4, m.coherence().occupancyNs().value(), "the bundled occupancy stays");
  }
}
