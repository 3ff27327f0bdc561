package org.locksim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.locksim.cpu.CpuModel;
import org.locksim.cpu.MissRoute;
import org.locksim.cpu.SharedReads;
import org.locksim.scenario.json.InputError;

/**
 * Why: who serves shared reads, where a miss goes and which idle states a CPU has decide what
 * contention and wakeups cost; a misspelt rule or idle states out of order must be refused at the entry, with
 * the nearest valid name, and good values must reach the model.
 */
class HomeAndIdleReaderTest {
  private final ScenarioLoader loader = ScenarioLoader.standard();

  private static String scenario(String machineExtra) {
    return "{\n"
        + "  \"name\": \"t\",\n"
        + "  \"machine\": {\"model\": \"amd64-2s4c\",\n"
        + "    " + machineExtra + "},\n"
        + "  \"locks\": [{\"name\": \"m\", \"algorithm\": \"spin.mutex\"}],\n"
        + "  \"workload\": {\"type\": \"uncontended\", \"lock\": \"m\"}\n"
        + "}\n";
  }

  private static String coherence(String sharedReads) {
    return "\"coherence\": {\"protocol\": \"directory\", \"occupancy\": {\"value\": 4, \"source\": \"t\"},"
        + " \"sharedReads\": {\"value\": \"" + sharedReads + "\", \"source\": \"t\"}}";
  }

  private InputError reject(String text) {
    InputError e = assertThrows(InputError.class, () -> loader.load("t.json", text, List.of()));
    assertEquals("t.json", e.file(), e.format());
    assertTrue(e.line() > 0 && e.column() > 0, e.format());
    return e;
  }

  @Test
  void theCatalogSaysWhoServesSharedReadsAndAScenarioMayChangeIt() {
    CpuModel bundled = loader.load("t.json", scenario("\"hz\": 1000").replace(",\n    \"hz\": 1000", ""),
        List.of()).get(0).machine();
    assertEquals(SharedReads.HOME, bundled.coherence().sharedReads());
    CpuModel changed = loader.load("t.json", scenario(coherence("forwarded")), List.of()).get(0).machine();
    assertEquals(SharedReads.FORWARDED, changed.coherence().sharedReads());
  }

  @Test
  void aMisspeltSharedReadsRuleNamesTheNearest() {
    InputError e = reject(scenario(coherence("forwardd")));
    assertEquals("$.machine.coherence.sharedReads.value", e.path(), e.format());
    assertTrue(e.format().contains("forwarded"), e.format());
  }

  @Test
  void aMissRouteIsReadAndAMisspeltOneNamesTheNearest() {
    String home = "\"coherence\": {\"missRoute\": {\"value\": \"home\", \"source\": \"t\"}}";
    CpuModel routed = loader.load("t.json", scenario(home), List.of()).get(0).machine();
    assertEquals(MissRoute.HOME, routed.coherence().missRoute());
    InputError e = reject(scenario(home.replace("\"home\"", "\"homes\"")));
    assertEquals("$.machine.coherence.missRoute.value", e.path(), e.format());
    assertTrue(e.format().contains("did you mean \"home\""), e.format());
  }

  @Test
  void idleStatesOutOfOrderAreRefused() {
    String kernel = "\"kernel\": {\"contextSwitch\": {\"value\": 2500, \"source\": \"t\"},"
        + " \"wakeupIpi\": {\"value\": 4000, \"source\": \"t\"},"
        + " \"syscall\": {\"value\": 400, \"source\": \"t\"},"
        + " \"timerTick\": {\"value\": 1000, \"source\": \"t\"},"
        + " \"idleStates\": [{\"name\": \"C6\", \"exitUs\": 133, \"residencyUs\": 400, \"source\": \"t\"},"
        + " {\"name\": \"C1\", \"exitUs\": 2, \"residencyUs\": 2, \"source\": \"t\"}]}";
    InputError e = reject(scenario(kernel));
    assertEquals("$.machine.kernel.idleStates[1].exitUs", e.path(), e.format());
    assertTrue(e.message().contains("shallow to deep"), e.format());
  }

  @Test
  void aMigrationPenaltyIsRefusedWithWhatReplacedIt() {
    InputError e = reject(scenario("\"kernel\": {\"migrationPenalty\": {\"value\": 5000, \"source\": \"t\"}}"));
    assertEquals("$.machine.kernel.migrationPenalty", e.path(), e.format());
    assertTrue(e.message().contains("workingSetLines") && e.message().contains("missesInFlight"), e.format());
  }
}
