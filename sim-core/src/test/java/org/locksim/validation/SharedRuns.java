package org.locksim.validation;

import java.nio.file.Path;

/**
 * The bundled scenarios with every run remembered, shared by the tests that run them: the
 * golden outputs, the validation page and the reproductions' own tests render and compare the
 * same runs, so each is simulated once per test JVM. (Determinism itself is tested afresh, in
 * {@link GoldenOutputTest#sameScenarioAndSeedGiveIdenticalBytes}.)
 */
final class SharedRuns {
  static final Path SCENARIOS = Path.of("..", "scenarios");
  static final ScenarioSource SOURCE = ScenarioSource.remembering(SCENARIOS);

  private SharedRuns() { }
}
