package org.locksim.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.locksim.run.RunResult;
import org.locksim.scenario.Scenario;

/**
 * Why: {@code validate --jobs N} must bound the threads a reproduction simulates on, and V5
 * once ran its twenty builds on every core whatever N said. Why also: the tests share runs through a remembering source, which only works if two loads of one
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

  @Test
  void aReproductionSimulatesOnNoMoreThreadsThanItsSourceAllows() {
    ScenarioSource cheap = ScenarioSource.remembering(SCENARIOS);
    RunResult one = cheap.run(cheap.load("v1-pentium4.json").get(0), 1);
    Set<Thread> used = ConcurrentHashMap.newKeySet();
    ScenarioSource counting = new ScenarioSource(SCENARIOS, java.util.Map.of(), (s, seed) -> {
      used.add(Thread.currentThread());
      return one;
    }, 2);
    V5AsmGoto.runs(counting.withThreads(1));
    assertEquals(Set.of(Thread.currentThread()), used);
    used.clear();
    V5AsmGoto.runs(counting);
    assertTrue(!used.contains(Thread.currentThread()) && used.size() <= 2, used.toString());
  }
}
