package org.locksim.lock;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.locksim.metrics.LockStats;
import org.locksim.run.RunResult;
import org.locksim.run.Simulator;
import org.locksim.scenario.Scenario;
import org.locksim.scenario.ScenarioLoader;

/**
 * Why: what its description promises of {@code scenarios/numa-locks-4s.json}, 142 threads on
 * one spin lock on the four-socket Haswell-EX. CNA (Dice and Kogan, EuroSys 2019) pays when
 * the data under the lock would otherwise cross sockets with it: with four shared lines read
 * and written in the critical section, its queue heads find the lock held and move the waiters
 * of other sockets aside, so most hand-offs stay on the holder's socket and it does far more
 * acquisitions than qspinlock, whose FIFO queue hands off across sockets as often as its
 * arrivals come from them. Without the lines, the section ends before the next head learns
 * that it heads the queue, CNA sorts nothing, and the two locks do the same (V6's regime).
 */
class NumaLocksScenarioTest {
  private static RunResult run(String variant) {
    List<Scenario> s = ScenarioLoader.standard().load(
        Path.of("..", "scenarios", "numa-locks-4s.json"), List.of());
    Scenario v = s.stream().filter(x -> x.variant().equals(variant)).findFirst().orElseThrow();
    RunResult r = Simulator.run(v, v.run().seed());
    assertTrue(r.violations().isEmpty(), variant + ": " + r.violations());
    return r;
  }

  private static double sameSocketShare(RunResult r) {
    LockStats l = r.locks().get(0);
    long same = l.handOffsSameSocket();
    long other = l.handOffsOtherSocket();
    assertTrue(same + other > 1000, "hand-offs: " + (same + other));
    return (double) same / (same + other);
  }

  @Test
  void withDataUnderTheLockCnaKeepsItOnOneSocketAndDoesMore() {
    RunResult stock = run("qspinlock");
    RunResult cna = run("cna");
    double ratio = cna.opsPerSecond() / stock.opsPerSecond();
    String all = "CNA / qspinlock " + ratio + ", on-socket hand-offs CNA " + sameSocketShare(cna)
        + ", qspinlock " + sameSocketShare(stock);
    assertTrue(sameSocketShare(cna) > 0.8 && sameSocketShare(stock) < 0.4, all);
    assertTrue(ratio > 1.5, all);
  }

  @Test
  void withoutDataTheSectionEndsBeforeTheNextHeadLooksAndCnaSortsNothing() {
    RunResult stock = run("qspinlock-no-data");
    RunResult cna = run("cna-no-data");
    double ratio = cna.opsPerSecond() / stock.opsPerSecond();
    String all = "CNA / qspinlock " + ratio + ", on-socket hand-offs CNA " + sameSocketShare(cna)
        + ", qspinlock " + sameSocketShare(stock);
    assertTrue(Math.abs(ratio - 1) < 0.1 && sameSocketShare(cna) < 0.4, all);
  }
}
