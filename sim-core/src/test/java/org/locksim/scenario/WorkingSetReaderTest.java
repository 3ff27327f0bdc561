package org.locksim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.locksim.scenario.json.InputError;
import org.locksim.workload.WorkingSet;
import org.locksim.workload.Workload;

/**
 * Why: a migration's cost comes from the workload's working set, so every workload type takes
 * {@code workingSetLines}; leaving it out keeps the kernel's default, and a value out of range
 * is refused where it is written.
 */
class WorkingSetReaderTest {
  private final ScenarioLoader loader = ScenarioLoader.standard();

  private static String scenario(String workloadExtra) {
    return "{\n"
        + "  \"name\": \"t\",\n"
        + "  \"machine\": \"amd64-2s4c\",\n"
        + "  \"locks\": [{\"name\": \"m\", \"algorithm\": \"spin.mutex\"}],\n"
        + "  \"workload\": {\"type\": \"contention\", \"lock\": \"m\", \"tasks\": 4,"
        + " \"critical\": {\"cycles\": {\"dist\": \"fixed\", \"value\": 100}}" + workloadExtra + "}\n"
        + "}\n";
  }

  private Workload load(String extra) {
    return loader.load("t.json", scenario(extra), List.of()).get(0).workload();
  }

  @Test
  void aWorkingSetReachesTheWorkloadAndTheDefaultLeavesItAlone() {
    Workload w = load(", \"workingSetLines\": 250");
    assertTrue(w instanceof WorkingSet ws && ws.lines() == 250, w.toString());
    assertFalse(load("") instanceof WorkingSet);
  }

  @Test
  void aNegativeWorkingSetIsRefusedWhereItIsWritten() {
    InputError e = assertThrows(InputError.class, () -> load(", \"workingSetLines\": -1"));
    assertEquals("$.workload.workingSetLines", e.path(), e.format());
    assertEquals(5, e.line(), e.format());
  }
}
