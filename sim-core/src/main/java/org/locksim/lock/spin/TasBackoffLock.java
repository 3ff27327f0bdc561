package org.locksim.lock.spin;

import java.util.List;
import org.locksim.lock.Lock;
import org.locksim.lock.LockEnv;
import org.locksim.lock.LockParams;
import org.locksim.lock.LockSpec;
import org.locksim.lock.ParamSpec;
import org.locksim.sched.Kernel;
import org.locksim.sched.Routine;

/**
 * Test-and-set with exponential backoff (T. E. Anderson, "The Performance of Spin Lock
 * Alternatives for Shared-Memory Multiprocessors", IEEE TPDS 1(1), 1990, section III.C, after
 * Ethernet's backoff): after each failed {@code xchg} the waiter pauses for a delay drawn at
 * random below a limit that starts at {@code baseNs} and doubles after each failure up to
 * {@code capNs}, so fewer atomics fight over the line the more waiters there are, and waiters
 * that failed together retry apart. The limit starts afresh at each acquisition (Herlihy and
 * Shavit's {@code Backoff}, made per {@code lock()} call). The draw is the task's own
 * ({@link Kernel#random}); the delay is a pause loop (accounted as spinning, one event per
 * delay). Released by a plain store of 0; preemption is off from lock to unlock.
 */
@LockSpec(name = "spin.tas-backoff", summary = "test-and-set with exponential backoff between attempts (Anderson 1990)")
public final class TasBackoffLock extends StoreReleaseSpinLock {
  public static final List<ParamSpec> PARAMS = List.of(
      ParamSpec.nanos("baseNs", 50, 1, 1e6,
          "limit of the first delay after a failed attempt (each delay is drawn at random below"
              + " its limit)"),
      ParamSpec.nanos("capNs", 5_000, 1, 1e9, "highest limit; the limit doubles up to it"));

  private final long basePs;
  private final long capPs;

  public TasBackoffLock(LockEnv env, LockParams params) {
    super(env, "spin.tas-backoff");
    routines(Routine.named("tas_backoff_lock", this::acquireStep),
        Routine.named("tas_backoff_unlock", this::releaseStep));
    this.basePs = params.nanosAsPs("baseNs");
    this.capPs = Math.max(basePs, params.nanosAsPs("capNs"));
  }

  private void acquireStep(Kernel k) {
    switch (k.pc()) {
      case 0 -> {
        Spin.enter(k);
        k.setLocal(0, basePs);
        k.xchg(line, 0, TasLock.LOCKED);
        k.next(1);
      }
      case 1 -> {
        if (k.result() == UNOWNED) {
          acquired(k);
          k.ret(0);
        } else {
          contended(k);
          long limit = k.local(0);
          Spin.delay(k, k.random(limit));
          k.setLocal(0, Math.min(2 * limit, capPs));
          k.next(2);
        }
      }
      case 2 -> {
        k.xchg(line, 0, TasLock.LOCKED);
        k.next(1);
      }
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }
}
