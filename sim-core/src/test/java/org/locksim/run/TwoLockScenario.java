package org.locksim.run;

import java.util.List;
import org.locksim.scenario.Scenario;
import org.locksim.scenario.ScenarioLoader;

/**
 * The run tests' scenario of two locks taken in turn: 8 tasks on the two-socket amd64 take
 * locks {@code a} and {@code b} (200 ns held, exponential think time), beside a third lock
 * {@code c}, a test-and-test-and-set lock nobody takes.
 */
final class TwoLockScenario {
  private TwoLockScenario() { }

  /**
   * The scenario with {@code a} and {@code b} of {@code algorithm}, each with the more members
   * {@code lineA} and {@code lineB} (each after a comma: a shared {@code line}, say), the
   * tasks' mean think time and the run's warm-up and window.
   */
  static Scenario of(String algorithm, String lineA, String lineB, int thinkNs, int warmupMs, int durationMs) {
    String text = "{\"name\": \"t\", \"machine\": \"amd64-2s4c\","
        + " \"locks\": [{\"name\": \"a\", \"algorithm\": \"" + algorithm + "\"" + lineA + "},"
        + " {\"name\": \"b\", \"algorithm\": \"" + algorithm + "\"" + lineB + "},"
        + " {\"name\": \"c\", \"algorithm\": \"spin.ttas\"}],"
        + " \"workload\": {\"type\": \"contention\", \"tasks\": 8, \"locks\": [\"a\", \"b\"],"
        + " \"critical\": {\"dist\": \"fixed\", \"ns\": 200},"
        + " \"think\": {\"dist\": \"exponential\", \"meanNs\": " + thinkNs + "}},"
        + " \"run\": {\"warmupMs\": " + warmupMs + ", \"durationMs\": " + durationMs + "}}";
    return ScenarioLoader.standard().load("t.json", text, List.of()).get(0);
  }
}
