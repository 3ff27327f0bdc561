package org.locksim.testplugins.broken;

import org.locksim.lock.LockProvider;
import org.locksim.lock.LockRegistry;

/** Four deliberately broken locks, for the tests of check-lock. */
public final class BrokenLocks implements LockProvider {
  @Override
  public void register(LockRegistry registry) {
    registry.add(RacyTasLock.class, RacyTasLock.PARAMS, RacyTasLock::new);
    registry.add(UncheckedSleepLock.class, UncheckedSleepLock.PARAMS, UncheckedSleepLock::new);
    registry.add(ThrowingLock.class, ThrowingLock.PARAMS, ThrowingLock::new);
    registry.add(MidRunThrower.class, MidRunThrower.PARAMS, MidRunThrower::new);
  }
}
