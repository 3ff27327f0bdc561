package org.locksim.lock;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.locksim.run.Simulator;
import org.locksim.scenario.Scenario;
import org.locksim.scenario.ScenarioLoader;

/**
 * Why: Anderson's ordering on a bus (IEEE TPDS 1990, on a Sequent Symmetry): spinning on
 * test-and-set is the slowest way to wait, because every waiter's atomic holds the one bus and
 * the holder's misses and release wait behind them; spinning on a read is faster, since the
 * waiters are quiet while the lock is held; backoff and a queue are faster still. Here on an
 * eight-way P6 bus, at catalog costs, eight tasks each take one lock with 260 cycles and a
 * counter's line under it and 2,600 cycles outside ({@code scenarios/spinlocks-bus8.json}).
 */
class BusSpinLocksTest {
  private static double opsPerSecond(String variant) {
    List<Scenario> s = ScenarioLoader.standard().load(
        Path.of("..", "scenarios", "spinlocks-bus8.json"), List.of());
    Scenario v = s.stream().filter(x -> x.variant().equals(variant)).findFirst().orElseThrow();
    return Simulator.run(v, 1).opsPerSecond();
  }

  @Test
  void spinningOnTestAndSetIsSlowestAndBackoffOrAQueueFastest() {
    double tas = opsPerSecond("tas");
    double ttas = opsPerSecond("ttas");
    double backoff = opsPerSecond("tas-backoff");
    double mcs = opsPerSecond("mcs");
    String all = "tas " + tas + ", ttas " + ttas + ", backoff " + backoff + ", mcs " + mcs;
    assertTrue(ttas > 1.05 * tas, "spin on read beats spin on test-and-set: " + all);
    assertTrue(backoff > 1.5 * ttas, "backoff beats spin on read: " + all);
    assertTrue(mcs > 1.5 * ttas, "a queue beats spin on read: " + all);
  }
}
