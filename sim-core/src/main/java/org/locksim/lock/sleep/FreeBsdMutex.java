package org.locksim.lock.sleep;

import java.util.List;
import org.locksim.lock.LockEnv;
import org.locksim.lock.LockParams;
import org.locksim.lock.LockSpec;
import org.locksim.lock.ParamSpec;

/**
 * FreeBSD's adaptive sleep mutex as of 2015 ({@code __mtx_lock_sleep} with
 * {@code ADAPTIVE_MUTEXES}), and the two parts of the patch of seed 002 ("microoptimize by
 * trying to avoid locking a locked mutex", Mateusz Guzik, Nov 2015): {@code sleepPathCheck}
 * makes the sleep path read the lock and CAS only when it looks free, instead of CASing again
 * at once after the fast path's failure; {@code fastPathCheck} makes the inline fast path read
 * before its CAS too. Waiters spin while the owner runs ({@code TD_IS_RUNNING}), without
 * looking at {@code need_resched}. See {@link TurnstileMutex} for the code.
 */
@LockSpec(name = "mutex.freebsd", summary = "FreeBSD 2015 adaptive sleep mutex; seed 002's patch as sleepPathCheck and fastPathCheck")
public final class FreeBsdMutex extends TurnstileMutex {
  public static final List<ParamSpec> PARAMS = List.of(
      ParamSpec.bool("sleepPathCheck", false,
          "__mtx_lock_sleep reads the lock word and CASes only when it is MTX_UNOWNED (seed 002, part 1)"),
      ParamSpec.bool("fastPathCheck", false,
          "the inline mtx_lock reads the lock word before its CAS (seed 002, part 2)"));

  public FreeBsdMutex(LockEnv env, LockParams params) {
    super(env, "mutex.freebsd", new Options(true, params.bool("fastPathCheck"),
        params.bool("sleepPathCheck"), false, 0, 0, 0));
  }
}
