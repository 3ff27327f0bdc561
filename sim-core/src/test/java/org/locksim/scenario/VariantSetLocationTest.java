package org.locksim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.locksim.scenario.json.InputError;

/**
 * Why: a variant's {@code set} is written in the scenario file, so an error in it must point at
 * that line of the file, at the step of the path that is wrong, not at {@code --set:1:N} when no
 * {@code --set} was given; and it reaches inside a machine given by name as {@code --set} does.
 */
class VariantSetLocationTest {
  static final String HEAD = "{\"name\": \"vs\", \"machine\": \"pentium4\", \"kernel\": {\"fastPath\": \"inline\"},\n"
      + " \"locks\": [{\"name\": \"m\", \"algorithm\": \"mutex.blocking\"}],\n"
      + " \"workload\": {\"type\": \"uncontended\", \"lock\": \"m\"},\n"
      + " \"run\": {\"warmupMs\": 0.01, \"durationMs\": 0.05},\n"
      + " \"variants\": [{\"name\": \"base\"},\n";

  static List<Scenario> load(String set) {
    return ScenarioLoader.standard().load("vs.json", HEAD + "   {\"name\": \"v\", \"set\": {" + set + "}}]}", List.of());
  }

  static InputError error(String set) {
    return assertThrows(InputError.class, () -> load(set));
  }

  @Test
  void aFieldTheSetCreatesIsLocatedAtItsStepInTheFile() {
    InputError e = error("\"locks[0].params.ownerSpin\": 3");
    assertEquals("vs.json", e.file());
    assertEquals(6, e.line());
    assertEquals(43, e.column(), e.format());
    assertEquals("$.locks[0].params.ownerSpin", e.path());
  }

  @Test
  void anIndexOutOfRangeIsLocatedInTheFile() {
    InputError e = error("\"locks[3].name\": \"x\"");
    assertEquals("vs.json:6:32: $.locks: index 3 is out of range; $.locks has 1 element", e.format());
  }

  @Test
  void aVariantReachesInsideAMachineGivenByName() {
    List<Scenario> s = load("\"machine.costs.xchg.value\": 120");
    assertEquals(2, s.size());
    assertNotEquals(s.get(0).machine(), s.get(1).machine());
  }
}
