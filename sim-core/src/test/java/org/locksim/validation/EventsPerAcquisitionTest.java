package org.locksim.validation;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.locksim.metrics.LockStats;
import org.locksim.run.RunResult;
import org.locksim.scenario.Scenario;
import org.locksim.scenario.ScenarioLoader;

/**
 * Why: the engine's speed is measured by JMH, which no test run sees; a change that multiplies
 * the events a lock hand-off costs (a spinner that polls instead of waiting on its line, a
 * re-read priced as an event) would only show there. So every bundled variant must stay under
 * a stated ceiling of events per acquisition: the run's events over the acquisitions of its
 * locks, as sim-bench's tables give them. Each ceiling is 1.5 times the figure when it was set
 * (the last column), rounded up to 5, so a deliberate change that costs more events raises it
 * here, in review. The storms (test-and-set, OpenBSD's CAS on every attempt) are where the
 * events are: an atomic that moves the line is an event each time. The CAS ping-pong has no
 * lock and is left out. The runs are the golden outputs' shared runs: this test simulates
 * nothing of its own.
 */
class EventsPerAcquisitionTest {
  /** File, variant ({@code -} for none), ceiling, and the figure when the ceiling was set. */
  private static final String CEILINGS = """
      build-openbsd-16cpu.json cas-first 35 22.2
      build-openbsd-16cpu.json check-before-cas 30 19.7
      numa-locks-4s.json qspinlock 80 51.7
      numa-locks-4s.json cna 95 63.1
      numa-locks-4s.json mcs 70 44.4
      numa-locks-4s.json ticket 55 36.2
      numa-locks-4s.json qspinlock-walk 80 53.2
      numa-locks-4s.json cna-walk 105 67.3
      numa-locks-4s.json qspinlock-no-data 45 28.7
      numa-locks-4s.json cna-no-data 60 38.5
      numa-locks-4s.json cna-mcs 80 52.2
      numa-locks-4s.json cna-mcs-no-data 45 27.7
      cna-kvmap-4s.json mcs 80 51.4
      cna-kvmap-4s.json cna-mcs 90 57.4
      cna-kvmap-4s.json c-bo-mcs 95 61.4
      libslock-2s72t.json tas 80 52.8
      libslock-2s72t.json ttas 195 129.5
      libslock-2s72t.json ttas-backoff 155 102.0
      libslock-2s72t.json ticket 25 14.4
      libslock-2s72t.json mcs 45 27.6
      libslock-2s72t.json clh 30 19.2
      libslock-2s72t.json hticket 40 24.6
      libslock-2s72t.json ttas-no-fence 95 62.3
      reference.json - 10 6.1
      rwlocks-2s72t.json freebsd 150 97.6
      rwlocks-2s72t.json qrwlock 35 23.1
      rwlocks-2s72t.json rwsem 50 32.0
      rwlocks-2s72t.json rwsem-v5.10 75 47.9
      spinlocks-2s72t.json anderson 25 14.2
      spinlocks-2s72t.json mcs 35 20.1
      spinlocks-2s72t.json qspinlock 45 27.8
      spinlocks-2s72t.json tas-backoff 85 53.9
      spinlocks-2s72t.json tas 130 84.3
      spinlocks-2s72t.json ticket 20 12.0
      spinlocks-2s72t.json ttas 230 151.6
      spinlocks-bus8.json anderson 35 24.0
      spinlocks-bus8.json mcs 50 32.0
      spinlocks-bus8.json tas-backoff 30 20.1
      spinlocks-bus8.json tas 85 57.0
      spinlocks-bus8.json ticket 35 21.7
      spinlocks-bus8.json ttas 95 64.5
      v1-pentium3.json crit-smp 5 2.0
      v1-pentium3.json crit-up 5 2.0
      v1-pentium3.json sleep-smp 10 4.0
      v1-pentium3.json sleep-up 10 4.0
      v1-pentium3.json spin-store-smp 10 6.1
      v1-pentium3.json spin-store-up 10 6.1
      v1-pentium3.json spin-xchg-smp 10 6.1
      v1-pentium3.json spin-xchg-up 10 6.1
      v1-pentium4.json crit-smp 5 2.0
      v1-pentium4.json crit-up 5 2.0
      v1-pentium4.json sleep-smp 10 4.0
      v1-pentium4.json sleep-up 10 4.0
      v1-pentium4.json spin-store-smp 10 6.0
      v1-pentium4.json spin-store-up 10 6.0
      v1-pentium4.json spin-xchg-smp 10 6.0
      v1-pentium4.json spin-xchg-up 10 6.0
      v2-linux-adaptive-spin.json no-owner-spin 40 24.6
      v2-linux-adaptive-spin.json owner-spin 50 30.4
      v3-freebsd-test-before-cas.json patched2 25 16.4
      v3-freebsd-test-before-cas.json patched 25 13.9
      v3-freebsd-test-before-cas.json vanilla 55 35.6
      v4-openbsd-mtx-enter.json 16cpu-after 65 41.1
      v4-openbsd-mtx-enter.json 16cpu-before 135 88.9
      v4-openbsd-mtx-enter.json 1s8c-after 45 27.4
      v4-openbsd-mtx-enter.json 1s8c-before 120 77.0
      v4-openbsd-mtx-enter.json 2s4c-after 45 27.7
      v4-openbsd-mtx-enter.json 2s4c-before 155 102.4
      v4-openbsd-mtx-enter.json m2pro-after 45 30.0
      v4-openbsd-mtx-enter.json m2pro-before 55 35.6
      v5-linux-asm-goto.json asm-call 100 65.7
      v5-linux-asm-goto.json asm-goto 100 65.6
      v6-cna-locktorture.json cna-142 55 36.4
      v6-cna-locktorture.json cna-1 25 16.2
      v6-cna-locktorture.json cna-36 60 39.2
      v6-cna-locktorture.json cna-72 60 40.0
      v6-cna-locktorture.json cna-8 60 39.7
      v6-cna-locktorture.json stock-142 45 28.6
      v6-cna-locktorture.json stock-1 25 16.2
      v6-cna-locktorture.json stock-36 50 30.1
      v6-cna-locktorture.json stock-72 50 30.1
      v6-cna-locktorture.json stock-8 50 30.1
      """;

  private static final String NO_LOCK = "pingpong-2s40t.json";

  static double eventsPerAcquisition(RunResult r) {
    long acquisitions = 0;
    for (LockStats l : r.locks()) {
      acquisitions += l.acquisitions();
    }
    return r.events() / (double) Math.max(1, acquisitions);
  }

  private static Map<String, Double> ceilings() {
    Map<String, Double> out = new HashMap<>();
    for (String line : CEILINGS.strip().split("\n")) {
      String[] f = line.strip().split(" ");
      out.put(f[0] + " " + f[1], Double.parseDouble(f[2]));
    }
    return out;
  }

  @Test
  void everyBundledVariantStaysUnderItsCeiling() throws Exception {
    Map<String, Double> ceilings = ceilings();
    List<String> over = new ArrayList<>();
    for (Path file : GoldenOutputTest.bundled().toList()) {
      String name = file.getFileName().toString();
      if (name.equals(NO_LOCK)) {
        continue;
      }
      for (Scenario s : ScenarioLoader.standard().load(file, List.of())) {
        String key = name + " " + (s.variant().isEmpty() ? "-" : s.variant());
        Double ceiling = ceilings.get(key);
        assertTrue(ceiling != null, "no ceiling for " + key + "; add one to CEILINGS");
        double e = eventsPerAcquisition(SharedRuns.SOURCE.run(s, s.run().seed()));
        if (e > ceiling) {
          over.add(String.format(Locale.ROOT, "%s: %.1f events per acquisition, over %.0f", key, e, ceiling));
        }
      }
    }
    assertTrue(over.isEmpty(), String.join("\n", over));
  }
}
