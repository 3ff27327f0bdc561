package org.locksim.lock.spin;

import java.util.List;
import org.locksim.cpu.Instr;
import org.locksim.lock.Lock;
import org.locksim.lock.LockEnv;
import org.locksim.lock.LockParams;
import org.locksim.lock.LockSpec;
import org.locksim.lock.ParamSpec;
import org.locksim.sched.Kernel;
import org.locksim.sched.Routine;

/**
 * OpenBSD's machine-independent spin mutex, {@code mtx_enter}, {@code mtx_enter_try} and
 * {@code mtx_leave} in sys/kern/kern_lock.c (2024). {@code mtx_enter_try} raises the IPL to
 * the mutex's ({@code splraise}) and CASes {@code mtx_owner} from NULL to the CPU
 * ({@code curcpu()}); on failure it restores the IPL ({@code splx}) and {@code mtx_enter}
 * spins with {@code CPU_BUSY_CYCLE()} (a pause) before trying again. {@code mtx_leave} stores
 * NULL and restores the IPL. The OpenBSD kernel does not preempt kernel code, so preemption is
 * off from the start of {@code mtx_enter} to the end of {@code mtx_leave}.
 *
 * <p>Parameters follow the change discussed in seed 000 ("improve spinning in mtx_enter",
 * Mateusz Guzik and Alexander Bluhm, tech@, March 2024; committed as "Improve spinning in
 * mtx_enter()": "Instead of calling mtx_enter_try() in each spinning loop, do it only if the
 * result of a lockless read indicates that the mutex has been released"):
 * <ul>
 *   <li>{@code checkBeforeCas} false: the MI code before the change, a CAS on every attempt.
 *       True: the change as committed (Alexander Bluhm's form of the diff): after a failed
 *       {@code mtx_enter_try} the waiter spins {@code do CPU_BUSY_CYCLE(); while
 *       (mtx->mtx_owner != NULL);} and tries again only when it saw NULL. The first attempt
 *       is still a CAS.
 *   <li>{@code backoff} true: each wait is {@code ncycle} pauses, doubling after every wait up
 *       to the number of CPUs (the exponential backoff kern_lock.c gained after the change);
 *       false: one pause per wait, as in the code of the seed.
 * </ul>
 *
 * <p>The mutex is one line: {@code mtx_owner}, {@code mtx_wantipl} and {@code mtx_oldipl}.
 * {@code mtx_enter_try} reads {@code mtx_wantipl} for its {@code splraise} before the CAS and,
 * having won, stores the old IPL in {@code mtx_oldipl}; {@code mtx_leave} reads
 * {@code mtx_oldipl} and {@code mtx_wantipl} before it stores NULL. So the owner needs the
 * lock's line twice on its way out, and waiters that CAS the line away from it delay both.
 *
 * <p>With the read loop, a waiter whose backoff no longer grows and whose copy of the line is
 * valid waits event-driven for the line to be written, then for the end of the backoff period
 * in which the write landed: the read it would have made at that moment, to within a pause.
 * Without it, on a machine whose failed CAS is only a read (arm64's load-/store-exclusive
 * loop, {@code kernel.arm64Atomics} {@code llsc}), a pass that fails leaves the waiter's copy
 * of the line valid, and every pass after it repeats it until the line is written: the
 * waiter, once a whole pass has failed with its backoff no longer growing and its copy valid
 * from start to end (every access a hit), waits the same way for the write, then until the
 * loop would next read the line: the CAS of the pass in which the write landed, if that pass
 * had not reached it, else the start of the next pass (the failed pass measured both).
 * Those passes are accounted as spinning, and their instructions are not counted. Where a
 * failed CAS writes (x86's {@code lock cmpxchg}), every pass takes the line and is simulated.
 * The IPL is assumed to be above {@code IPL_NONE}, so {@code splraise} and {@code splx} run.
 */
@LockSpec(name = "spin.mtx-enter", summary = "OpenBSD mtx_enter: CAS (optionally after a read) with CPU_BUSY_CYCLE backoff")
public final class MtxEnter extends Lock {
  public static final List<ParamSpec> PARAMS = List.of(
      ParamSpec.bool("checkBeforeCas", false,
          "after a failed CAS, spin reading mtx_owner until NULL before trying again (seed 000's change)"),
      ParamSpec.bool("backoff", true,
          "double the CPU_BUSY_CYCLE count after each wait, up to the number of CPUs"));

  private static final int OWNER = 0;
  private static final int WANTIPL = 1;
  private static final int OLDIPL = 2;
  /** The IPL a mutex raises to and the one it restores: any two distinct levels. */
  private static final long IPL_WANT = 6;
  private static final long IPL_OLD = 0;

  private static final int NCYCLE = 0;
  private static final int PERIOD_START = 1;
  /**
   * When the pass under way began (-1: not a pass to measure, as the first, one that started
   * without the line, or one before the backoff stopped growing).
   */
  private static final int PASS_START = 2;
  /** The failed pass's length, once measured. */
  private static final int PASS = 3;
  /** When the measured pass's {@code mtx_enter_try} reached {@code splraise}, from its start. */
  private static final int TRY_AT = 4;
  /** The line's transfers when the pass under way began. */
  private static final int TRANSFERS = 5;

  private final boolean checkFirst;
  private final long maxCycles;

  public MtxEnter(LockEnv env, LockParams params) {
    super(env, "spin.mtx-enter", 3);
    routines(Routine.named("mtx_enter", this::enterStep),
        Routine.named("mtx_leave", this::leaveStep));
    line.init(WANTIPL, IPL_WANT);
    this.checkFirst = params.bool("checkBeforeCas");
    this.maxCycles = params.bool("backoff") ? Math.max(1, env.machine().cpuCount()) : 1;
  }

  /** {@code mtx_owner}: the CPU, plus one so that NULL stays 0. */
  private static long owner(Kernel k) {
    return k.cpuId() + 1L;
  }

  /** {@code splraise()}: a call that reads and writes {@code ci_ilevel}. */
  private static void splraise(Kernel k) {
    k.exec(Instr.CALL, 1);
    k.exec(Instr.LOAD, 1);
    k.exec(Instr.STORE, 1);
  }

  /** {@code splx()}: a call that writes {@code ci_ilevel} and checks pending interrupts. */
  private static void splx(Kernel k) {
    k.exec(Instr.CALL, 1);
    k.exec(Instr.STORE, 1);
    k.exec(Instr.LOAD, 1);
  }

  private void enterStep(Kernel k) {
    switch (k.pc()) {
      case 0 -> {
        k.exec(Instr.CALL, 1);
        k.preemptDisable();
        // spc->spc_spinning++
        k.exec(Instr.LOAD, 1);
        k.exec(Instr.STORE, 1);
        k.setLocal(NCYCLE, 1);
        k.setLocal(PASS_START, -1);
        k.next(1);
      }
      case 1 -> {
        if (repeatsFailedPass(k)) {
          k.setLocal(PASS, k.now() - k.local(PASS_START));
          k.setLocal(PERIOD_START, k.now());
          k.setLocal(PASS_START, -1);
          k.spinWait(line, 0, null, false);
          k.next(9);
          return;
        }
        // A pass that starts without the line misses: its length is not the loop's.
        k.setLocal(PASS_START, line.holds(k.cpuId()) ? k.now() : -1);
        k.setLocal(TRANSFERS, line.transfers());
        // mtx_enter_try: if (mtx->mtx_wantipl != IPL_NONE) s = splraise(mtx->mtx_wantipl);
        k.exec(Instr.CALL, 1);
        k.load(line, WANTIPL);
        k.next(2);
      }
      case 2 -> {
        if (k.local(PASS_START) >= 0) {
          k.setLocal(TRY_AT, k.now() - k.local(PASS_START));
        }
        splraise(k);
        k.cas(line, OWNER, UNOWNED, owner(k));
        k.next(3);
      }
      case 3 -> {
        if (k.result() == UNOWNED) {
          // mtx->mtx_oldipl = s;
          k.store(line, OLDIPL, IPL_OLD);
          k.next(8);
        } else {
          contended(k);
          splx(k);
          k.next(4);
        }
      }
      case 4 -> {
        // for (i = ncycle; i > 0; i--) CPU_BUSY_CYCLE(); if (ncycle < max) ncycle += ncycle;
        long n = k.local(NCYCLE);
        Spin.pauses(k, n);
        if (n < maxCycles) {
          k.setLocal(NCYCLE, Math.min(2 * n, maxCycles));
          // The next pass is longer: this one does not repeat.
          k.setLocal(PASS_START, -1);
        }
        k.next(checkFirst ? 5 : 1);
      }
      case 5 -> {
        // while (mtx->mtx_owner != NULL)
        k.load(line, OWNER);
        k.next(6);
      }
      case 6 -> {
        if (k.result() == UNOWNED) {
          k.next(1);
        } else if (k.local(NCYCLE) >= maxCycles && line.holds(k.cpuId())) {
          k.setLocal(PERIOD_START, k.now());
          k.spinWait(line, 0, null, false);
          k.next(7);
        } else {
          k.next(4);
        }
      }
      case 7 -> {
        // The line was written: the loop reads it at the end of the current period.
        long period = k.local(NCYCLE) * k.cpu().ps(Instr.PAUSE);
        long into = (k.now() - k.local(PERIOD_START)) % period;
        Spin.delay(k, period - into);
        k.next(5);
      }
      case 8 -> {
        // spc->spc_spinning--
        k.exec(Instr.LOAD, 1);
        k.exec(Instr.STORE, 1);
        acquired(k);
        k.ret(0);
      }
      case 9 -> {
        // The line was written: the loop reads it next at the CAS of the pass under way, if
        // that pass has not reached it, else at the start of the next pass.
        long pass = k.local(PASS);
        long into = (k.now() - k.local(PERIOD_START)) % pass;
        if (into < k.local(TRY_AT)) {
          Spin.delay(k, k.local(TRY_AT) - into);
          k.next(2);
        } else {
          Spin.delay(k, pass - into);
          k.next(1);
        }
      }
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }

  /**
   * Whether the pass about to start would repeat the one that just failed ({@code PASS_START}
   * is set only for a pass that began with the line in this CPU's cache and whose backoff had
   * stopped growing): its CAS only read the line, the line is still this CPU's copy, and it
   * has not moved since the pass began, so every access of the pass hit.
   */
  private boolean repeatsFailedPass(Kernel k) {
    return !checkFirst && k.local(PASS_START) >= 0 && k.casFailureReads()
        && line.holds(k.cpuId()) && line.transfers() == k.local(TRANSFERS);
  }

  private void leaveStep(Kernel k) {
    switch (k.pc()) {
      case 0 -> {
        k.exec(Instr.CALL, 1);
        // s = mtx->mtx_oldipl; (and mtx_wantipl, on the same line, for the splx test)
        k.load(line, OLDIPL);
        k.next(1);
      }
      case 1 -> {
        released(k);
        // membar_exit(); mtx->mtx_owner = NULL;
        k.storeRelease(line, OWNER, UNOWNED);
        k.next(2);
      }
      case 2 -> {
        splx(k);
        k.preemptEnable();
        k.ret(0);
      }
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }
}
