package org.locksim.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.locksim.report.perf.PerfStatFormat;
import org.locksim.run.RunResult;
import org.locksim.run.Simulator;
import org.locksim.run.TaskCounts;
import org.locksim.scenario.Scenario;
import org.locksim.scenario.ScenarioLoader;

/**
 * Why: the locktorture workload must do what kernel/locking/locktorture.c of v5.12 does: the
 * spin_lock write delay's short and long delays with the probabilities its source gives for n
 * writers, the stutter's pause of stutter - 1 jiffies and a fuzz before each run of stutter, threads spread
 * over sockets as fork balancing spreads them, and at the end the summary line of the writers'
 * acquisitions, which must add up to the run's operations.
 */
class LockTortureTest {
  private static final String SCENARIO = """
      {
        "name": "t",
        "machine": "amd64-2s4c",
        "kernel": { "hz": 1000 },
        "locks": [ { "name": "l", "algorithm": "queued.mcs" } ],
        "workload": { "type": "locktorture", "lock": "l", "writers": 6 },
        "run": { "warmupMs": 4, "durationMs": 9, "seed": 3 }
      }
      """;

  private static LockTorture torture(int writers, int stutter) {
    return new LockTorture(TortureType.SPIN_LOCK, "l", writers, 0, 2, 100, stutter, 40, false);
  }

  /**
   * spin_lock_irq is spin_lock taken with spin_lock_irqsave: the same delays, and per
   * acquisition five more instructions (pushf and cli, the store of cxt.cur_ops->flags, its
   * load at the unlock, popf).
   */
  @Test
  void spinLockIrqAddsTheIrqSaveAndTheFlagsToSpinLock() {
    SplittableRandom a = new SplittableRandom(5);
    SplittableRandom b = new SplittableRandom(5);
    for (int i = 0; i < 1000; i++) {
      assertEquals(TortureType.SPIN_LOCK.writeDelayPs(a, 6, 2, 100),
          TortureType.SPIN_LOCK_IRQ.writeDelayPs(b, 6, 2, 100));
    }
    RunResult plain = run(SCENARIO);
    RunResult irq = run(SCENARIO.replace("\"writers\": 6",
        "\"torture\": \"spin_lock_irq\", \"writers\": 6"));
    assertTrue(irq.violations().isEmpty(), irq.violations().toString());
    assertEquals(0, irq.taskCounts().get(0).fails());
    double more = (double) irq.instructions() / irq.ops() - (double) plain.instructions() / plain.ops();
    assertEquals(5, more, 1, "instructions per acquisition added");
  }

  private static RunResult run(String json) {
    return Simulator.run(ScenarioLoader.standard().load("t.json", json, List.of()).get(0), 3);
  }

  @Test
  void theShortDelayComesOnceInFourNAcquisitions() {
    SplittableRandom r = new SplittableRandom(7);
    int writers = 8;
    int n = 400_000;
    int shortOnes = 0;
    for (int i = 0; i < n; i++) {
      long ps = TortureType.SPIN_LOCK.writeDelayPs(r, writers, 2, 100);
      if (ps % 100_000_000_000L == 2_000_000) {
        shortOnes++;
      }
    }
    // 1 / (8 * 2 * 2) = 1/32: 12,500 expected, sd about 110.
    assertEquals(n / 32.0, shortOnes, 600);
  }

  @Test
  void theLongDelayComesOnceInTwoHundredThousandNAcquisitions() {
    SplittableRandom r = new SplittableRandom(11);
    int longOnes = 0;
    for (int i = 0; i < 2_000_000; i++) {
      if (TortureType.SPIN_LOCK.writeDelayPs(r, 1, 2, 100) >= 100_000_000_000L) {
        longOnes++;
      }
    }
    // 1 / (1 * 2000 * 100): 10 expected.
    assertTrue(longOnes >= 2 && longOnes <= 22, longOnes + " long delays");
  }

  /**
   * The kthread's flag pauses the writers from the start for 4 jiffies and a fuzz of up to one,
   * lets them run for 5, then pauses them again: no acquisition in the first 3.9 ms, none from
   * 10.5 ms (after the latest end of the first run, 10.3 ms with the kthread's wake-up) to
   * 12.9 ms (before the earliest end of the second pause), and many in between.
   */
  @Test
  void theStutterThreadsFlagPausesTheWritersThenLetsThemRun() {
    assertEquals(0, opsBetween(0.2, 3.9), "the first pause");
    assertTrue(opsBetween(5.5, 8.9) > 1_000, "the first run");
    assertEquals(0, opsBetween(10.5, 12.9), "the second pause");
  }

  /**
   * With 8 writers on the 8 CPUs the stutter kthread shares a CPU with a writer, which spins on
   * the flag while the test is paused; that loop has a cond_resched() in it, so the woken
   * kthread gets the CPU and ends the pause. (Without it the test stayed paused from its
   * second pause, about 15 ms in, to the end.)
   */
  @Test
  void aWriterSpinningOnTheFlagLetsTheStutterThreadEndThePause() {
    // The kthread starts before the writers, as lock_torture_init() starts it: the first
    // pause holds even on the CPU it shares.
    assertEquals(0, opsBetween(0.2, 3.7, 8), "the first pause");
    assertTrue(opsBetween(25, 30, 8) > 1_000, "runs after the second pause");
  }

  /**
   * 12 writers on 8 CPUs: four CPUs run two writers each. At the end of each pause both wake
   * at once onto their idle CPU, which runs the one with the least virtual runtime first, so
   * the two take turns across pauses and no writer starves (before, the first one woken kept
   * the CPU and three writers made no acquisition in 30 ms).
   */
  @Test
  void writersSharingACpuTakeTurns() {
    String json = SCENARIO.replace("\"writers\": 6", "\"writers\": 12")
        .replace("\"warmupMs\": 4, \"durationMs\": 9", "\"warmupMs\": 4, \"durationMs\": 30");
    TaskCounts w = Simulator.run(ScenarioLoader.standard().load("t.json", json, List.of()).get(0), 3)
        .taskCounts().get(0);
    assertTrue(w.min() > w.max() / 5, w.min() + " to " + w.max());
  }

  private static long opsBetween(double fromMs, double toMs) {
    return opsBetween(fromMs, toMs, 6);
  }

  private static long opsBetween(double fromMs, double toMs, int writers) {
    String json = SCENARIO.replace("\"warmupMs\": 4, \"durationMs\": 9",
        String.format(java.util.Locale.ROOT, "\"warmupMs\": %.1f, \"durationMs\": %.1f", fromMs, toMs - fromMs))
        .replace("\"writers\": 6", "\"writers\": " + writers);
    return Simulator.run(ScenarioLoader.standard().load("t.json", json, List.of()).get(0), 3).ops();
  }

  @Test
  void newThreadsGoToTheEmptiestSocketThenCore() {
    Scenario s = ScenarioLoader.standard().load("t.json", SCENARIO, List.of()).get(0);
    var m = new org.locksim.machine.Machine(s.machine(), s.kernel());
    int[] cpus = ForkBalance.spread(m, 4);
    assertEquals(0, m.cpu(cpus[0]).slot().socket());
    assertEquals(1, m.cpu(cpus[1]).slot().socket());
    assertEquals(0, m.cpu(cpus[2]).slot().socket());
    assertTrue(m.cpu(cpus[2]).slot().core() != m.cpu(cpus[0]).slot().core(), "a free core before a sibling");
  }

  @Test
  void theWritersLineAddsUpTheRunsAcquisitions() {
    Scenario s = ScenarioLoader.standard().load("t.json", SCENARIO, List.of()).get(0);
    RunResult r = Simulator.run(s, 3);
    assertTrue(r.violations().isEmpty(), r.violations().toString());
    assertEquals(1, r.taskCounts().size());
    TaskCounts w = r.taskCounts().get(0);
    assertEquals(6, w.acquired().length);
    assertEquals(r.ops(), w.total());
    assertTrue(w.min() > 0 && w.max() >= w.min(), w.toString());
    assertEquals(0, w.fails());
    String text = PerfStatFormat.format(List.of(r));
    String line = String.format("Writes:  Total: %d  Max/Min: %d/%d", w.total(), w.max(), w.min());
    assertTrue(text.contains(line), text);
    assertTrue(text.contains("Fail: 0"), text);
  }
}
