package org.locksim.sweep;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.locksim.run.RunResult;
import org.locksim.run.Simulator;
import org.locksim.scenario.ScenarioLoader;

/**
 * Why: a sweep must give the same numbers on a laptop's two cores as on a server's sixty-four,
 * and each repeat must be a different seed, or its spread means nothing.
 */
class SweepRunnerTest {
  static final Path V2 = Path.of("..", "scenarios", "v2-linux-adaptive-spin.json");

  private static double[] measure(RunResult r) {
    return new double[] {r.ops(), r.elapsedSeconds(), r.counters().contextSwitches()};
  }

  private static List<SweepPoint> points() {
    return SweepGrid.expand(ScenarioLoader.standard(), V2,
        List.of("run.warmupMs=0", "run.durationMs=2"),
        List.of(Axis.parse("workload.tasks=16,48")), List.of());
  }

  @Test
  void resultsAreTheSameForAnyNumberOfWorkers() {
    List<SweepPoint> points = points();
    AtomicInteger calls = new AtomicInteger();
    double[][][] one = SweepRunner.run(points, 3, null, 1, (s, seed) -> measure(Simulator.run(s, seed)),
        (d, all) -> calls.incrementAndGet());
    double[][][] three = SweepRunner.run(points, 3, null, 3, (s, seed) -> measure(Simulator.run(s, seed)),
        (d, all) -> { });
    assertEquals(points.size() * 3, calls.get());
    for (int p = 0; p < points.size(); p++) {
      for (int i = 0; i < 3; i++) {
        assertArrayEquals(one[p][i], three[p][i], "point " + p + " repeat " + i);
      }
    }
    // Repeats are different seeds: 48 tasks on the mutex without owner spinning give
    // different figures (a 2 ms window may end on the same count of operations, so the count,
    // the elapsed time and the context switches are compared together).
    assertFalse(Arrays.equals(one[2][0], one[2][1]), Arrays.toString(one[2][0]));
    assertFalse(Arrays.equals(one[2][1], one[2][2]), Arrays.toString(one[2][1]));
  }

  @Test
  void theSeedOfEachRepeatFollowsTheFirst() {
    List<SweepPoint> points = points().subList(0, 1);
    double[][][] r = SweepRunner.run(points, 2, 40L, 2, (s, seed) -> new double[] {seed}, (d, all) -> { });
    assertEquals(40, r[0][0][0]);
    assertEquals(41, r[0][1][0]);
  }

  @Test
  void aFailingRunFailsTheSweepWithItsOwnError() {
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> SweepRunner.run(points(), 1,
        null, 2, (s, seed) -> {
          throw new IllegalStateException("run failed: " + s.label());
        }, (d, all) -> { }));
    assertEquals(true, e.getMessage().startsWith("run failed"));
  }

  @Test
  void runsKnownBeforeAreNeitherRunNorJournalledAgain() {
    List<SweepPoint> points = points().subList(0, 2);
    double[][][] known = new double[2][2][];
    known[0][1] = new double[] {-1};
    known[1][0] = new double[] {-2};
    List<String> finished = new ArrayList<>();
    AtomicInteger lastDone = new AtomicInteger();
    double[][][] r = SweepRunner.run(points, 2, 40L, 2, known, (s, seed) -> new double[] {seed},
        (p, i, f) -> {
          synchronized (finished) {
            finished.add(p + "/" + i + "=" + f[0]);
          }
        }, (d, all) -> lastDone.accumulateAndGet(d, Math::max));
    assertEquals(-1, r[0][1][0]);
    assertEquals(-2, r[1][0][0]);
    assertEquals(40, r[0][0][0]);
    assertEquals(41, r[1][1][0]);
    assertEquals(List.of("0/0=40.0", "1/1=41.0"), finished.stream().sorted().toList());
    assertEquals(4, lastDone.get(), "the runs known before count as done");
  }
}
