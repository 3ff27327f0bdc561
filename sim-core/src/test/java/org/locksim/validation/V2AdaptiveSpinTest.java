package org.locksim.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.locksim.run.RunResult;
import org.locksim.run.Simulator;
import org.locksim.scenario.Scenario;
import org.locksim.scenario.ScenarioLoader;

/**
 * Why: row V2 of VALIDATION.md (seed 001, Linux 2009). With owner spinning the same workload on
 * 16 CPUs must do 1.6 to 2.2 times the operations per second, migrate tasks at least 4 times
 * less often, and switch context less often. The task clock's row fails, as V2's notes say:
 * with woken tasks queued on their busy CPUs (2.6.29's wakeups) the run without spinning
 * keeps fewer CPUs busy than the post's 8.7, so the ratio is over the band's 2.2; a change
 * that mends it must update the notes. So do the two rows VALIDATION.md added for the run
 * without spinning (context switches and migrations per task-clock second within 3x of the
 * post's): every contended acquisition sleeps, so the model switches about once per two
 * operations where the post's counters give once per 55.
 */
class V2AdaptiveSpinTest {
  static RunResult noSpin;
  static RunResult spin;

  @BeforeAll
  static void run() {
    RunResult[] r = V2AdaptiveSpin.runs(SharedRuns.SOURCE);
    noSpin = r[0];
    spin = r[1];
    assertEquals("v2-linux-adaptive-spin/no-owner-spin", noSpin.label());
    assertEquals("v2-linux-adaptive-spin/owner-spin", spin.label());
  }

  @Test
  void ownerSpinningDoesMoreOperationsPerSecond() {
    double ratio = spin.opsPerSecond() / noSpin.opsPerSecond();
    assertTrue(ratio >= 1.6 && ratio <= 2.2, "ops/s ratio " + ratio + " (published 1.86; band 1.6 to 2.2)");
  }

  @Test
  void theTaskClockRowFailsBecauseTooFewCpusAreBusyWithoutSpinning() {
    double ratio = spin.taskClockMs() / noSpin.taskClockMs();
    double busy = noSpin.taskClockMs() / noSpin.elapsedSeconds() / 1000;
    assertTrue(ratio > 2.2 && busy < 8.7, "task-clock ratio " + ratio + " (published 1.84, band 1.5"
        + " to 2.2) with " + busy + " CPUs busy without spinning (published 8.7): V2's notes say"
        + " the row fails for this reason; if it passes now, say why there");
  }

  @Test
  void spinningMigratesAtLeastFourTimesLess() {
    long a = noSpin.counters().migrations();
    long b = spin.counters().migrations();
    assertTrue(a > 0, "no migrations without spinning");
    assertTrue(4 * b <= a, "migrations " + a + " -> " + b + " (published 1081 -> 117)");
  }

  @Test
  void theCounterRatesWithoutSpinningFailForTheReasonTheNotesGive() {
    List<Row> rows = new V2AdaptiveSpin().run(SharedRuns.SOURCE);
    for (String figure : List.of("no spin: context switches per task-clock second",
        "no spin: CPU migrations per task-clock second")) {
      Row row = rows.stream().filter(r -> r.figure().equals(figure)).findFirst().orElseThrow();
      assertTrue(!row.pass() && row.kind() == Row.Kind.PREDICTION, figure + ": " + row.simulatedText());
    }
    double ops = noSpin.opsPerSecond() * noSpin.elapsedSeconds();
    double perOp = noSpin.counters().contextSwitches() / ops;
    assertTrue(perOp > 0.25, "context switches per operation without spinning " + perOp
        + ": V2's notes say the model switches about once per two operations; if far fewer"
        + " now, say why there");
  }

  @Test
  void spinningSwitchesContextLess() {
    long a = noSpin.counters().contextSwitches();
    long b = spin.counters().contextSwitches();
    assertTrue(b < a, "context switches " + a + " -> " + b + " (published 7102 -> 5711)");
  }
}
