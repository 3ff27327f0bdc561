package org.locksim.lock.sleep;

import java.util.List;
import org.locksim.lock.LockEnv;
import org.locksim.lock.LockParams;
import org.locksim.lock.LockSpec;
import org.locksim.lock.ParamSpec;

/**
 * FreeBSD's sleep mutex without adaptive spinning (a kernel without {@code ADAPTIVE_MUTEXES}):
 * a failed CAS goes straight to the turnstile; the unlock of a contested mutex wakes every
 * waiter. See {@link TurnstileMutex} for the code.
 */
@LockSpec(name = "mutex.blocking", summary = "FreeBSD sleep mutex: CAS, else sleep on a turnstile; unlock wakes all")
public final class BlockingMutex extends TurnstileMutex {
  public static final List<ParamSpec> PARAMS = List.of();

  public BlockingMutex(LockEnv env, LockParams params) {
    super(env, "mutex.blocking", new Options(false, false, false, false, 0, 0, 0));
  }
}
