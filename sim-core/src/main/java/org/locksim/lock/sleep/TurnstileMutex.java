package org.locksim.lock.sleep;

import java.util.List;
import org.locksim.cpu.Instr;
import org.locksim.lock.FastPaths;
import org.locksim.lock.Lock;
import org.locksim.lock.LockEnv;
import org.locksim.lock.LockParams;
import org.locksim.lock.spin.SpinMutex;
import org.locksim.sched.Kernel;
import org.locksim.sched.Routine;
import org.locksim.sched.Task;
import org.locksim.sched.WaitQueue;
import org.locksim.sched.WaitReason;

/**
 * FreeBSD's sleep mutex, the code of {@code mtx_lock}, {@code __mtx_lock_sleep},
 * {@code mtx_unlock} and {@code __mtx_unlock_sleep} in sys/kern/kern_mutex.c (2015), with the
 * turnstiles of sys/kern/subr_turnstile.c; the options select the variants locksim names.
 *
 * <pre>
 * lock:   [fastPathCheck: if (m->mtx_lock == MTX_UNOWNED &&)] _mtx_obtain_lock(m, tid)  -- CAS
 *         else __mtx_lock_sleep:
 *         for (;;) {
 *           [sleepPathCheck: v = m->mtx_lock; if (v == MTX_UNOWNED && obtain) break;]
 *           [otherwise:      if (obtain) break; v = m->mtx_lock;]
 *           if (adaptive && v != MTX_UNOWNED && TD_IS_RUNNING(owner)) {   -- else: a free
 *                                                         word also goes to the turnstile
 *             while (mtx_owner(m) == owner && TD_IS_RUNNING(owner)) cpu_spinwait();
 *             continue;
 *           }
 *           ts = turnstile_trywait(m);                  -- the turnstile chain spin lock
 *           v = m->mtx_lock;
 *           if (v == MTX_UNOWNED) { turnstile_cancel(ts); continue; }
 *           if (adaptive && TD_IS_RUNNING(owner)) { turnstile_cancel(ts); continue; }
 *           if (!(v & MTX_CONTESTED) && !atomic_cmpset_ptr(&m->mtx_lock, v, v | MTX_CONTESTED))
 *             { turnstile_cancel(ts); continue; }
 *           turnstile_wait(ts, owner);                  -- sleeps, dropping the chain lock
 *         }
 * unlock: _mtx_release_lock(m, tid) -- CAS tid to MTX_UNOWNED; if that fails (contested):
 *         turnstile_chain_lock; _mtx_release_lock_quick(m); turnstile_broadcast(ts); unlock
 * </pre>
 *
 * <p>The generic adaptive mutex adds what FreeBSD's loop lacks: stopping the spin when
 * {@code need_resched} is set or a spin limit passes (then the waiter sleeps), and
 * exponential backoff after a failed CAS.
 */
public abstract class TurnstileMutex extends Lock {
  static final long CONTESTED = 1L << 40;

  /**
   * The variant's switches.
   *
   * @param adaptive spin while the owner runs on a CPU
   * @param fastPathCheck the inline fast path reads the word before its CAS
   * @param sleepPathCheck the sleep path reads the word and CASes only when it looks free
   * @param stopOnResched stop spinning (and sleep) when need_resched is set
   * @param spinLimitPs stop spinning (and sleep) after this long; 0 for no limit
   * @param backoffBasePs first backoff after a failed CAS; 0 for none
   * @param backoffCapPs longest backoff
   */
  protected record Options(boolean adaptive, boolean fastPathCheck, boolean sleepPathCheck,
      boolean stopOnResched, long spinLimitPs, long backoffBasePs, long backoffCapPs) { }

  private final Options o;
  private final WaitQueue turnstile;
  private final SpinMutex chain;

  // Frame locals of the acquire routine.
  private static final int V = 0;
  private static final int SPIN_START = 1;
  private static final int BACKOFF = 2;

  protected TurnstileMutex(LockEnv env, String algorithm, Options options) {
    super(env, algorithm, 1);
    routines(Routine.named("mtx_lock", this::acquireStep),
        Routine.named("mtx_unlock", this::releaseStep));
    this.o = options;
    this.turnstile = new WaitQueue(env.name() + " turnstile");
    this.chain = new SpinMutex(new LockEnv(env.name() + " turnstile chain", env.machine()),
        LockParams.defaults(SpinMutex.PARAMS));
  }

  private void acquireStep(Kernel k) {
    long tid = tid(k.task());
    switch (k.pc()) {
      case 0 -> {
        FastPaths.enter(k);
        if (o.fastPathCheck()) {
          k.load(line, 0);
          k.next(1);
        } else {
          k.cas(line, 0, UNOWNED, tid);
          k.next(2);
        }
      }
      case 1 -> {
        // if (m->mtx_lock == MTX_UNOWNED && ...): a compare that asm-goto does not remove
        k.exec(Instr.TEST, 1);
        if (k.result() == UNOWNED) {
          k.cas(line, 0, UNOWNED, tid);
          k.next(2);
        } else {
          enterSleepPath(k);
        }
      }
      case 2 -> {
        FastPaths.testResult(k);
        if (k.result() == UNOWNED) {
          acquired(k);
          k.ret(0);
        } else {
          enterSleepPath(k);
        }
      }
      // for (;;): the top of __mtx_lock_sleep's loop
      case 3 -> {
        if (o.sleepPathCheck()) {
          k.load(line, 0);
          k.next(4);
        } else {
          k.cas(line, 0, UNOWNED, tid);
          k.next(5);
        }
      }
      case 4 -> {
        if (k.result() == UNOWNED) {
          k.cas(line, 0, UNOWNED, tid);
          k.next(5);
        } else {
          k.setLocal(V, k.result());
          k.next(7);
        }
      }
      case 5 -> {
        if (k.result() == UNOWNED) {
          acquired(k);
          k.ret(0);
        } else if (o.sleepPathCheck()) {
          // The CAS lost a race: v is still MTX_UNOWNED, so the loop goes to the turnstile.
          k.setLocal(V, UNOWNED);
          k.next(10);
        } else if (o.backoffBasePs() > 0) {
          long b = k.local(BACKOFF) == 0 ? o.backoffBasePs() : Math.min(o.backoffCapPs(), 2 * k.local(BACKOFF));
          k.setLocal(BACKOFF, b);
          k.spinWait(null, b, null, o.stopOnResched());
          k.next(16);
        } else {
          k.load(line, 0);
          k.next(6);
        }
      }
      case 16 -> {
        k.load(line, 0);
        k.next(6);
      }
      case 6 -> {
        k.setLocal(V, k.result());
        k.next(7);
      }
      // v = m->mtx_lock is in V: spin while the owner runs
      case 7 -> {
        long v = k.local(V);
        Task owner = k.taskById(ownerId(v & ~CONTESTED));
        if (v == UNOWNED) {
          // if (v != MTX_UNOWNED) { ... } is skipped: the loop goes on to turnstile_trywait,
          // which reads the word again and cancels when it is still free.
          k.next(10);
        } else if (o.adaptive() && k.onCpu(owner) && spinAllowed(k)) {
          k.spinWhile(line, 0, v, spinTimeout(k), owner, o.stopOnResched());
          k.next(8);
        } else {
          k.next(10);
        }
      }
      case 8 -> {
        WaitReason why = WaitReason.of(k.result());
        if (why == WaitReason.NEED_RESCHED || (why == WaitReason.TIMEOUT && o.spinLimitPs() > 0)) {
          k.next(10);
        } else if (why == WaitReason.LINE_WRITTEN) {
          // The pass that saw the word change read it.
          spinOnOrRetry(k, k.seen(0));
        } else {
          k.load(line, 0);
          k.next(9);
        }
      }
      case 9 -> spinOnOrRetry(k, k.result());
      // turnstile_trywait
      case 10 -> {
        k.exec(Instr.CALL, 1);
        k.call(chain.acquire());
        k.next(11);
      }
      case 11 -> {
        k.load(line, 0);
        k.next(12);
      }
      case 12 -> {
        long v = k.result();
        Task owner = k.taskById(ownerId(v & ~CONTESTED));
        if (v == UNOWNED || (o.adaptive() && k.onCpu(owner) && spinAllowed(k))) {
          k.call(chain.release());
          k.next(3);
        } else if ((v & CONTESTED) == 0) {
          k.setLocal(V, v);
          k.cas(line, 0, v, v | CONTESTED);
          k.next(13);
        } else {
          k.next(14);
        }
      }
      case 13 -> {
        if (k.result() != k.local(V)) {
          k.call(chain.release());
          k.next(3);
        } else {
          k.next(14);
        }
      }
      case 14 -> {
        k.prepareToWait(turnstile);
        k.call(chain.release());
        k.next(15);
      }
      case 15 -> {
        k.schedule();
        k.setLocal(SPIN_START, 0);
        k.next(3);
      }
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }

  private void enterSleepPath(Kernel k) {
    contended(k);
    k.exec(Instr.CALL, 1);
    k.setLocal(SPIN_START, 0);
    k.setLocal(BACKOFF, 0);
    k.next(3);
  }

  /** while (mtx_owner(m) == owner && TD_IS_RUNNING(owner)) cpu_spinwait(); with {@code v} read. */
  private void spinOnOrRetry(Kernel k, long v) {
    Task owner = k.taskById(ownerId(v & ~CONTESTED));
    if (v != UNOWNED && (v & ~CONTESTED) == (k.local(V) & ~CONTESTED) && k.onCpu(owner)
        && spinAllowed(k)) {
      k.spinWhile(line, 0, v, spinTimeout(k), owner, o.stopOnResched());
      k.next(8);
    } else {
      k.next(3);
    }
  }

  private boolean spinAllowed(Kernel k) {
    if (o.stopOnResched() && k.needResched()) {
      return false;
    }
    if (o.spinLimitPs() <= 0) {
      return true;
    }
    if (k.local(SPIN_START) == 0) {
      k.setLocal(SPIN_START, k.now());
    }
    return k.now() - k.local(SPIN_START) < o.spinLimitPs();
  }

  private long spinTimeout(Kernel k) {
    return o.spinLimitPs() <= 0 ? 0 : Math.max(1, o.spinLimitPs() - (k.now() - k.local(SPIN_START)));
  }

  private void releaseStep(Kernel k) {
    switch (k.pc()) {
      case 0 -> {
        FastPaths.enter(k);
        released(k);
        k.cas(line, 0, tid(k.task()), UNOWNED);
        k.next(1);
      }
      case 1 -> {
        FastPaths.testResult(k);
        if (k.result() == tid(k.task())) {
          k.ret(0);
        } else {
          k.exec(Instr.CALL, 1);
          k.call(chain.acquire());
          k.next(2);
        }
      }
      case 2 -> {
        k.storeRelease(line, 0, UNOWNED);
        k.next(3);
      }
      case 3 -> {
        k.wake(turnstile, Integer.MAX_VALUE);
        k.call(chain.release());
        k.next(4);
      }
      case 4 -> k.ret(0);
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }

  /** Spinners beat woken sleepers to the lock word, and nothing hands the lock over. */
  @Override
  public boolean starvationFree() {
    return !o.adaptive();
  }

  @Override
  protected List<WaitQueue> waitQueues() {
    return List.of(turnstile);
  }

}
