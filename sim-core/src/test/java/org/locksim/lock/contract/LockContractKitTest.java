package org.locksim.lock.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.locksim.lock.LockRegistry;

/**
 * Why: the contract is only worth running on someone else's lock if it catches broken ones. A
 * lock without its atomic and a sleeping lock that loses a wakeup must each fail the promise
 * they break, with the seed and a smaller run that still shows it, and that run must fail again
 * when repeated (a failure a researcher cannot reproduce is no help).
 */
class LockContractKitTest {
  private static LockRegistry broken() {
    LockRegistry r = new LockRegistry("test");
    r.add(RacyTasLock.class, RacyTasLock.PARAMS, RacyTasLock::new);
    r.add(UncheckedSleepLock.class, UncheckedSleepLock.PARAMS, UncheckedSleepLock::new);
    return r;
  }

  /** The first failure of {@code property} among the checks of {@code name} up to 16 CPUs. */
  private static Optional<Failure> first(String name, Property property) {
    LockRegistry.Entry e = broken().find(name).orElseThrow();
    for (Check c : LockContract.checks(e)) {
      if (c.setup().cpus() > 16) {
        continue;
      }
      for (Failure f : LockContract.run(c)) {
        if (f.property() == property) {
          return Optional.of(f);
        }
      }
    }
    return Optional.empty();
  }

  @Test
  void catchesALockWithoutItsAtomic() {
    Failure f = first("test.racy-tas", Property.MUTUAL_EXCLUSION).orElseThrow();
    assertTrue(f.detail().contains("acquired l held by task"), f.toString());
    assertEquals(ContractSetup.SEED, f.check().setup().seed());
  }

  @Test
  void catchesALostWakeup() {
    Failure f = first("test.unchecked-sleep", Property.NO_LOST_WAKEUP).orElseThrow();
    assertTrue(f.detail().startsWith("lost wakeup"), f.toString());
  }

  @Test
  void shrinksToASmallerRunThatFailsAgain() {
    Failure f = first("test.racy-tas", Property.MUTUAL_EXCLUSION).orElseThrow();
    Failure small = Shrink.smallest(f);
    assertEquals(Property.MUTUAL_EXCLUSION, small.property());
    ContractSetup s = small.check().setup();
    ContractSetup big = f.check().setup();
    assertTrue(s.cpus() <= big.cpus() && s.tasks() <= big.tasks() && s.runPs() <= big.runPs(), s.toString());
    assertTrue(s.cpus() >= 2, "one CPU with preemption off cannot race: " + s);
    List<Property> again = new ArrayList<>();
    LockContract.run(small.check()).forEach(g -> again.add(g.property()));
    assertTrue(again.contains(Property.MUTUAL_EXCLUSION), "not reproduced: " + small);
  }

  @Test
  void aSoundLockKeepsEveryPromiseUpToSixteenCpus() {
    LockRegistry.Entry mcs = LockRegistry.standard().find("queued.mcs").orElseThrow();
    for (Check c : LockContract.checks(mcs)) {
      if (c.setup().cpus() <= 16) {
        assertEquals(List.of(), LockContract.run(c), c.toString());
      }
    }
  }

  @Test
  void checksReaderWriterLocksWithReadersAndOthersWithout() {
    LockRegistry r = LockRegistry.standard();
    assertTrue(LockContract.checks(r.find("rw.qrwlock").orElseThrow()).stream()
        .anyMatch(c -> c.workload() == Check.Workload.READERS_AND_WRITERS));
    assertTrue(LockContract.checks(r.find("queued.mcs").orElseThrow()).stream()
        .noneMatch(c -> c.workload() == Check.Workload.READERS_AND_WRITERS));
  }
}
