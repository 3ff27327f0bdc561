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
 * the data under the lock would otherwise cross sockets with it: its queue heads find the lock
 * held and move the waiters of other sockets aside, so most hand-offs stay on the holder's
 * socket and it does far more acquisitions than qspinlock, whose FIFO queue hands off across
 * sockets as often as its arrivals come from them; the more so when the section's misses come
 * one after another (a list walk) than when the core overlaps them. Without the lines, the
 * section ends before the next head learns that it heads the queue, CNA sorts nothing, and
 * the two locks do the same.
 */
class NumaLocksScenarioTest {
  private static RunResult run(String variant) {
    return run(variant, List.of());
  }

  private static RunResult run(String variant, List<String> overrides) {
    List<Scenario> s = ScenarioLoader.standard().load(
        Path.of("..", "scenarios", "numa-locks-4s.json"), overrides);
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

  /** CNA's run beside qspinlock's: the ratio of their acquisitions and their on-socket shares. */
  private record Pair(double ratio, double cnaLocal, double stockLocal) {
    static Pair of(String cna, String stock) {
      RunResult c = run(cna);
      RunResult s = run(stock);
      return new Pair(c.opsPerSecond() / s.opsPerSecond(), sameSocketShare(c), sameSocketShare(s));
    }
  }

  @Test
  void withAWalkUnderTheLockCnaKeepsItOnOneSocketAndDoesMore() {
    Pair p = Pair.of("cna-walk", "qspinlock-walk");
    assertTrue(p.cnaLocal() > 0.8 && p.stockLocal() < 0.4, p.toString());
    // 1.85 when requests were ordered where they were issued, 1.75 since they are ordered
    // where they reach the line; the paper's figure for this walk is not published.
    assertTrue(p.ratio() > 1.6, p.toString());
  }

  @Test
  void withIndependentLinesTheMissesOverlapAndCnaStillPaysLess() {
    Pair p = Pair.of("cna", "qspinlock");
    Pair walk = Pair.of("cna-walk", "qspinlock-walk");
    assertTrue(p.cnaLocal() > 0.6 && p.ratio() > 1.3 && p.ratio() < walk.ratio(), p + " " + walk);
  }

  @Test
  void thePapersCnaSortsAtReleaseWithTheDataOrWithoutIt() {
    // The holder walks the queue for a waiter of its socket whatever the state of the lock,
    // so the race that leaves the kernel's CNA unsorted without data does not exist here; the
    // lock leaves the socket once in 65,536 releases, more than these runs make.
    Pair data = Pair.of("cna-mcs", "qspinlock");
    Pair none = Pair.of("cna-mcs-no-data", "qspinlock-no-data");
    assertTrue(data.cnaLocal() > 0.95 && data.ratio() > 2, data.toString());
    assertTrue(none.cnaLocal() > 0.95 && none.ratio() > 2, none.toString());
    // keep_lock_local() always 0: every release flushes, and the lock goes round in arrival
    // order as MCS's does.
    String neverLocal = "locks[0]={\"name\": \"l\", \"algorithm\": \"queued.cna-mcs\","
        + " \"params\": {\"keepLocalMask\": 0}}";
    double never = sameSocketShare(run("cna-mcs", List.of(neverLocal)));
    assertTrue(never < 0.4, "keepLocalMask 0: " + never);
  }

  @Test
  void withoutDataTheSectionEndsBeforeTheNextHeadLooksAndCnaSortsNothing() {
    Pair p = Pair.of("cna-no-data", "qspinlock-no-data");
    assertTrue(Math.abs(p.ratio() - 1) < 0.1 && p.cnaLocal() < 0.4, p.toString());
  }
}
