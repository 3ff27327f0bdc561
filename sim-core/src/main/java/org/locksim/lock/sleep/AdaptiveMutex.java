package org.locksim.lock.sleep;

import java.util.List;
import org.locksim.lock.LockEnv;
import org.locksim.lock.LockParams;
import org.locksim.lock.LockSpec;
import org.locksim.lock.ParamSpec;

/**
 * A generic adaptive mutex: spin while the owner is on a CPU (the owner-running heuristic of
 * Solaris adaptive mutexes, Mauro and McDougall, "Solaris Internals" ch. 17, and of FreeBSD),
 * stop when {@code need_resched} is set, the owner sleeps, or a spin limit passes, then sleep on
 * a turnstile. Parameters: {@code checkBeforeCas} (read before every CAS, fast path included),
 * exponential backoff after a failed CAS, the spin limit. See {@link TurnstileMutex} for the
 * code.
 */
@LockSpec(name = "mutex.adaptive", summary = "adaptive mutex: spin while the owner runs, stop on need_resched or a limit, then sleep")
public final class AdaptiveMutex extends TurnstileMutex {
  public static final List<ParamSpec> PARAMS = List.of(
      ParamSpec.bool("checkBeforeCas", false, "read the lock word and CAS only when it looks free"),
      ParamSpec.bool("stopOnResched", true, "stop spinning when need_resched is set"),
      ParamSpec.nanos("spinLimitNs", 0, 0, 1e9, "stop spinning after this long; 0: no limit"),
      ParamSpec.nanos("backoffBaseNs", 0, 0, 1e6, "first backoff after a failed CAS; 0: none"),
      ParamSpec.nanos("backoffCapNs", 1000, 0, 1e7, "longest backoff"));

  public AdaptiveMutex(LockEnv env, LockParams params) {
    super(env, "mutex.adaptive", new Options(true, params.bool("checkBeforeCas"),
        params.bool("checkBeforeCas"), params.bool("stopOnResched"),
        params.nanosAsPs("spinLimitNs"), params.nanosAsPs("backoffBaseNs"),
        params.nanosAsPs("backoffCapNs")));
  }
}
