package org.locksim.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.locksim.scenario.Scenario;

/**
 * Why: the tests share runs through a remembering source, which only works if two loads of one
 * scenario are equal values (a lock's parameters and factory once made them differ, and every
 * reproduction was simulated again); and a changed scenario must not be served a remembered run.
 */
class ScenarioSourceTest {
  private static final Path SCENARIOS = Path.of("..", "scenarios");

  @Test
  void anEqualScenarioIsServedTheRememberedRunAndAChangedOneIsNot() {
    ScenarioSource source = ScenarioSource.remembering(SCENARIOS);
    Scenario a = source.load("v1-pentium4.json").get(0);
    Scenario b = source.load("v1-pentium4.json").get(0);
    assertEquals(a, b);
    assertSame(source.run(a, 1), source.run(b, 1));
    assertNotSame(source.run(a, 1), source.run(a, 2));
    Scenario changed = source.with("v1-pentium4.json", java.util.List.of("machine.costs.xchg.value=100"))
        .load("v1-pentium4.json").get(0);
    assertNotSame(source.run(a, 1), source.run(changed, 1));
  }
}
