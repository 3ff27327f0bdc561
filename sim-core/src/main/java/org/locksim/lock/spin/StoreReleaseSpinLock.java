package org.locksim.lock.spin;

import org.locksim.lock.Lock;
import org.locksim.lock.LockEnv;
import org.locksim.sched.Kernel;

/**
 * A one-word spin lock released by a plain store of zero, as {@code spin_unlock()} of the
 * test-and-set family is ({@code movl $0, lock}, then {@code preempt_enable()}): the release
 * that TAS, TTAS and TAS with backoff share.
 */
abstract class StoreReleaseSpinLock extends Lock {
  StoreReleaseSpinLock(LockEnv env, String algorithm) {
    super(env, algorithm, 1);
  }

  /** A user-space library's lock as well: one word, no per-CPU state, never sleeps. */
  @Override
  public boolean userSpace() {
    return true;
  }

  /** The unlock: a store-release of {@code UNOWNED}, then preemption back on. */
  final void releaseStep(Kernel k) {
    switch (k.pc()) {
      case 0 -> {
        released(k);
        k.storeRelease(line, 0, UNOWNED);
        k.next(1);
      }
      case 1 -> {
        Spin.exit(k);
        k.ret(0);
      }
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }
}
