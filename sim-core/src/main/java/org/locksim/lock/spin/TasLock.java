package org.locksim.lock.spin;

import java.util.List;
import org.locksim.lock.LockEnv;
import org.locksim.lock.LockParams;
import org.locksim.lock.LockSpec;
import org.locksim.lock.ParamSpec;
import org.locksim.sched.Kernel;
import org.locksim.sched.Routine;

/**
 * Spin on test-and-set (T. E. Anderson, "The Performance of Spin Lock Alternatives for
 * Shared-Memory Multiprocessors", IEEE TPDS 1(1), 1990, section III.A): {@code while
 * (xchg(&lock, 1) != 0) cpu_relax();}, then a plain store of 0 to release (x86's
 * {@code movb $1} unlock of Linux's {@code __raw_spin_unlock}). Every attempt is an atomic
 * read-modify-write that takes the line exclusively, so waiters keep stealing it from each
 * other and from the holder, whose release store queues behind their attempts: an event per
 * attempt is inherent here. The pause between attempts is the {@code rep; nop} that Intel asks
 * spin-wait loops to use. Preemption is off from lock to unlock, as in {@code spin_lock()}.
 */
@LockSpec(name = "spin.tas", summary = "test-and-set: xchg in a loop with pause; release by store")
public final class TasLock extends StoreReleaseSpinLock {
  public static final List<ParamSpec> PARAMS = List.of();
  static final long LOCKED = 1;

  public TasLock(LockEnv env, LockParams params) {
    super(env, "spin.tas");
    routines(Routine.named("tas_lock", this::acquireStep),
        Routine.named("tas_unlock", this::releaseStep));
  }

  private void acquireStep(Kernel k) {
    switch (k.pc()) {
      case 0 -> {
        Spin.enter(k);
        k.xchg(line, 0, LOCKED);
        k.next(1);
      }
      case 1 -> {
        if (k.result() == UNOWNED) {
          acquired(k);
          k.ret(0);
        } else {
          contended(k);
          Spin.pauses(k, 1);
          k.next(2);
        }
      }
      case 2 -> {
        k.xchg(line, 0, LOCKED);
        k.next(1);
      }
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }
}
