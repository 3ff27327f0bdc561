package org.locksim.lock;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.locksim.run.Simulator;
import org.locksim.scenario.Scenario;
import org.locksim.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;

/**
 * Why: Anderson's ordering on a bus (IEEE TPDS 1990, on a Sequent Symmetry): spinning on
 * test-and-set is the slowest way to wait, because every waiter's atomic holds the one bus and
 * the holder's misses and release wait behind them; spinning on a read is faster, since the
 * waiters are quiet while the lock is held; backoff and a queue are faster still. Here on an
 * eight-way P6 bus, at catalog costs, eight tasks each take one lock with 260 cycles and a
 * counter's line under it and 2,600 cycles outside.
 */
class BusSpinLocksTest {
  private static final String SCENARIO = """
      {"name": "bus", "machine": {"model": "pentium3", "topology": {"sockets": 8}},
       "locks": [{"name": "l", "algorithm": "spin.tas"}],
       "workload": {"type": "contention", "tasks": 8, "lock": "l",
         "lines": [{"name": "counter"}],
         "critical": {"cycles": {"dist": "fixed", "value": 260},
           "touches": [{"line": "counter", "reads": 1, "writes": 1}]},
         "outside": {"cycles": {"dist": "fixed", "value": 2600}},
         "affinity": {"policy": "spread"}},
       "run": {"warmupMs": 1, "durationMs": 2, "seed": 1, "repeats": 1}}
      """;

  private static double opsPerSecond(String algorithm) {
    List<Scenario> s = ScenarioLoader.standard().load("bus.json", SCENARIO,
        List.of("locks[0].algorithm=" + algorithm));
    return Simulator.run(s.get(0), 1).opsPerSecond();
  }

  @Test
  void spinningOnTestAndSetIsSlowestAndBackoffOrAQueueFastest() {
    double tas = opsPerSecond("spin.tas");
    double ttas = opsPerSecond("spin.ttas");
    double backoff = opsPerSecond("spin.tas-backoff");
    double mcs = opsPerSecond("queued.mcs");
    String all = "tas " + tas + ", ttas " + ttas + ", backoff " + backoff + ", mcs " + mcs;
    assertTrue(ttas > 1.05 * tas, "spin on read beats spin on test-and-set: " + all);
    assertTrue(backoff > 1.5 * ttas, "backoff beats spin on read: " + all);
    assertTrue(mcs > 1.5 * ttas, "a queue beats spin on read: " + all);
  }
}
