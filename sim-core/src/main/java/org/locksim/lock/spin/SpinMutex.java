package org.locksim.lock.spin;

import java.util.List;
import org.locksim.cpu.Instr;
import org.locksim.lock.FastPaths;
import org.locksim.lock.Lock;
import org.locksim.lock.LockEnv;
import org.locksim.lock.LockParams;
import org.locksim.lock.LockSpec;
import org.locksim.lock.ParamSpec;
import org.locksim.lock.section.Critical;
import org.locksim.machine.ReleaseStyle;
import org.locksim.sched.Kernel;
import org.locksim.sched.Routine;

/**
 * FreeBSD's spin mutex of 2004 ({@code mtx_lock_spin} / {@code mtx_unlock_spin},
 * sys/kern/kern_mutex.c and the {@code _get_spin_lock} / {@code _rel_spin_lock} macros of
 * sys/sys/mutex.h, inline unless the kernel's fast path is out of line): {@code critical_enter()}, then
 * {@code _obtain_lock} (a CAS of the lock word from {@code MTX_UNOWNED} to the thread); on
 * failure {@code _mtx_lock_spin} spins reading the word until it looks free and CASes again.
 * Release checks recursion, writes {@code MTX_UNOWNED} with {@code atomic_store_rel_ptr} and
 * calls {@code critical_exit()}. The release is an {@code xchg} (implicitly locked on x86) or a
 * plain store (the change measured in seed 004); {@code checkBeforeCas} reads the word before
 * the first CAS too.
 */
@LockSpec(name = "spin.mutex", summary = "FreeBSD spin mutex: critical_enter + CAS, release by xchg or store")
public final class SpinMutex extends Lock {
  public static final List<ParamSpec> PARAMS = List.of(
      ParamSpec.choice("release", null, List.of("xchg", "store"),
          "how the unlocked value is written; default: the kernel's spinRelease"),
      ParamSpec.bool("checkBeforeCas", false, "read the lock word before the first CAS"));

  private final ReleaseStyle release;
  private final boolean checkFirst;

  public SpinMutex(LockEnv env, LockParams params) {
    super(env, "spin.mutex", 1);
    routines(Routine.named("mtx_lock_spin", this::acquireStep),
        Routine.named("mtx_unlock_spin", this::unlockStep));
    String r = params.choice("release");
    this.release = r == null ? env.machine().kernel().spinRelease()
        : ReleaseStyle.valueOf(r.toUpperCase(java.util.Locale.ROOT));
    checkFirst = params.bool("checkBeforeCas");
  }

  private void acquireStep(Kernel k) {
    switch (k.pc()) {
      case 0 -> {
        FastPaths.enter(k);
        Critical.enter(k);
        if (this.checkFirst) {
          k.load(line, 0);
          k.next(3);
        } else {
          k.cas(line, 0, UNOWNED, tid(k.task()));
          k.next(1);
        }
      }
      case 1 -> {
        FastPaths.testResult(k);
        if (k.result() == UNOWNED) {
          acquired(k);
          k.ret(0);
        } else {
          contended(k);
          // _mtx_lock_spin: spin until the word looks free, then try again.
          k.load(line, 0);
          k.next(3);
        }
      }
      case 2 -> {
        k.load(line, 0);
        k.next(3);
      }
      case 3 -> {
        if (k.result() == UNOWNED) {
          k.cas(line, 0, UNOWNED, tid(k.task()));
          k.next(1);
        } else {
          k.spinWait(line, 0, null, false);
          k.next(2);
        }
      }
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }

  private void unlockStep(Kernel k) {
    switch (k.pc()) {
      case 0 -> {
        FastPaths.enter(k);
        // mtx_recursed(m)
        k.exec(Instr.LOAD, 1);
        released(k);
        if (this.release == ReleaseStyle.XCHG) {
          k.xchg(line, 0, UNOWNED);
        } else {
          k.storeRelease(line, 0, UNOWNED);
        }
        k.next(1);
      }
      case 1 -> {
        Critical.exit(k);
        k.ret(0);
      }
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }
}
