package org.locksim.lock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.locksim.lock.contract.Check;
import org.locksim.lock.contract.LockContract;
import org.locksim.lock.contract.Variant;

/**
 * Why: every lock algorithm, present and future, must keep the same promises under
 * contention, so one contract ({@link LockContract}, which {@code locksim check-lock} runs too)
 * runs against each entry of {@link LockRegistry#standard()}, with its defaults and with each
 * boolean and choice parameter changed: no two holders at once, no task left asleep or spinning
 * for ever (after a stop time every task must get the lock once more and exit), every task gets
 * the lock during the run, readers together and writers alone, and the same run twice gives the
 * same counts. A new algorithm is covered by registering it.
 */
class LockContractTest {
  static Stream<Check> checks() {
    return LockRegistry.standard().entries().stream().flatMap(e -> LockContract.checks(e).stream());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("checks")
  void keepsItsPromises(Check c) {
    assertEquals(List.of(), LockContract.run(c), c + " (" + c.setup() + ")");
  }

  @Test
  void someAlgorithmIsCheckedAsAReaderWriterLock() {
    assertTrue(checks().anyMatch(c -> c.workload() == Check.Workload.READERS_AND_WRITERS));
  }

  @Test
  void onlyCriticalSectionsAreNotExclusive() {
    for (LockRegistry.Entry e : LockRegistry.standard().entries()) {
      for (Variant v : Variant.of(e)) {
        assertEquals(!e.name().startsWith("section."), LockContract.probe(v).exclusive(), v.toString());
      }
    }
  }

  @Test
  void everyRegisteredAlgorithmIsCovered() {
    List<String> covered = checks().map(c -> c.variant().entry().name()).distinct().toList();
    assertEquals(LockRegistry.standard().names(), covered);
    assertTrue(covered.containsAll(List.of("spin.tas", "spin.ttas", "spin.tas-backoff",
        "spin.ticket", "spin.mtx-enter", "queued.mcs", "spin.mutex", "mutex.blocking",
        "queued.qspinlock", "queued.cna", "queued.cna-mcs", "queued.cohort-bo-mcs", "mutex.osq", "mutex.futex", "rw.qrwlock", "rw.rwsem", "rw.freebsd")));
  }
}
