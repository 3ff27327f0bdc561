package org.locksim.lock.rw;

import java.util.List;
import java.util.Map;
import org.locksim.cpu.Instr;
import org.locksim.lock.FastPaths;
import org.locksim.lock.Lock;
import org.locksim.lock.LockEnv;
import org.locksim.lock.LockParams;
import org.locksim.lock.LockSpec;
import org.locksim.lock.ParamSpec;
import org.locksim.lock.queued.QSpinLock;
import org.locksim.lock.spin.Spin;
import org.locksim.sched.Kernel;
import org.locksim.sched.Routine;

/**
 * Linux's queued reader-writer lock as in v5.12: kernel/locking/qrwlock.c and
 * include/asm-generic/qrwlock.h (Waiman Long, 3.16). The word {@code cnts} counts readers in
 * units of {@code _QR_BIAS} above a writer byte ({@code _QW_LOCKED}, 0xff) and a
 * {@code _QW_WAITING} bit; waiters queue on {@code wait_lock}, a qspinlock beside it, so they
 * get the lock in their order of arrival.
 *
 * <pre>
 * read_lock:    cnts = atomic_add_return(_QR_BIAS); if (!(cnts &amp; _QW_WMASK)) return;
 *   slowpath:   atomic_sub(_QR_BIAS); spin_lock(wait_lock); atomic_add(_QR_BIAS);
 *               wait until !(cnts &amp; _QW_LOCKED); spin_unlock(wait_lock);
 * read_unlock:  atomic_sub_return_release(_QR_BIAS)
 * write_lock:   if (cmpxchg(cnts, 0, _QW_LOCKED) == 0) return;
 *   slowpath:   spin_lock(wait_lock);
 *               if (cnts == 0 &amp;&amp; cmpxchg(cnts, 0, _QW_LOCKED) == 0) goto unlock;
 *               atomic_add(_QW_WAITING);
 *               do wait until cnts == _QW_WAITING; while (cmpxchg(cnts, _QW_WAITING, _QW_LOCKED) != _QW_WAITING);
 *   unlock:     spin_unlock(wait_lock);
 * write_unlock: smp_store_release(&amp;wlocked, 0)                  (a byte store)
 * </pre>
 *
 * <p>Readers in interrupt context, which the model has none of, would skip the queue. Both
 * sides have preemption off from lock to unlock ({@code read_lock}, {@code write_lock} on a
 * spin-lock-class rwlock_t).
 */
@LockSpec(name = "rw.qrwlock", summary = "Linux qrwlock (v5.12): reader count and writer byte in one word, waiters queued on a qspinlock")
public final class QRwLock extends Lock {
  public static final List<ParamSpec> PARAMS = List.of();

  static final long QW_WAITING = 0x100;
  static final long QW_LOCKED = 0x0ff;
  static final long QW_WMASK = 0x1ff;
  static final long QR_BIAS = 1L << 9;

  private static final int CNTS = 0;

  private final QSpinLock waitLock;

  public QRwLock(LockEnv env, LockParams params) {
    super(env, "rw.qrwlock", 1);
    routines(Routine.named("queued_write_lock", this::writeLockStep),
        Routine.named("queued_write_unlock", this::writeUnlockStep));
    readRoutines(Routine.named("queued_read_lock", this::readLockStep),
        Routine.named("queued_read_unlock", this::readUnlockStep));
    this.waitLock = new QSpinLock(new LockEnv(env.name() + " wait_lock", env.machine(), line),
        LockParams.defaults(QSpinLock.PARAMS));
  }

  private void readLockStep(Kernel k) {
    switch (k.pc()) {
      case 0 -> {
        Spin.enter(k);
        k.fetchAdd(line, CNTS, QR_BIAS);
        k.next(1);
      }
      case 1 -> {
        FastPaths.testResult(k);
        long cnts = k.result() + QR_BIAS;
        if ((cnts & QW_WMASK) == 0) {
          readAcquired(k);
          k.ret(0);
        } else {
          readContended(k);
          k.exec(Instr.CALL, 1);
          k.fetchAdd(line, CNTS, -QR_BIAS);
          k.next(2);
        }
      }
      case 2 -> {
        k.call(waitLock.acquire());
        k.next(3);
      }
      case 3 -> {
        k.fetchAdd(line, CNTS, QR_BIAS);
        k.next(4);
      }
      case 4 -> {
        // atomic_cond_read_acquire(&lock->cnts, !(VAL & _QW_LOCKED))
        k.spinUntilMasked(line, CNTS, QW_LOCKED, 0, 0, null, false);
        k.next(5);
      }
      case 5 -> {
        readAcquired(k);
        k.call(waitLock.release());
        k.next(6);
      }
      case 6 -> k.ret(0);
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }

  private void readUnlockStep(Kernel k) {
    switch (k.pc()) {
      case 0 -> {
        readReleased(k);
        k.fetchAdd(line, CNTS, -QR_BIAS);
        k.next(1);
      }
      case 1 -> {
        Spin.exit(k);
        k.ret(0);
      }
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }

  private void writeLockStep(Kernel k) {
    switch (k.pc()) {
      case 0 -> {
        Spin.enter(k);
        k.cas(line, CNTS, 0, QW_LOCKED);
        k.next(1);
      }
      case 1 -> {
        FastPaths.testResult(k);
        if (k.result() == 0) {
          acquired(k);
          k.ret(0);
        } else {
          contended(k);
          k.exec(Instr.CALL, 1);
          k.call(waitLock.acquire());
          k.next(2);
        }
      }
      case 2 -> {
        k.load(line, CNTS);
        k.next(3);
      }
      case 3 -> {
        if (k.result() == 0) {
          k.cas(line, CNTS, 0, QW_LOCKED);
          k.next(4);
        } else {
          k.next(5);
        }
      }
      case 4 -> k.next(k.result() == 0 ? 8 : 5);
      case 5 -> {
        k.fetchAdd(line, CNTS, QW_WAITING);
        k.next(6);
      }
      case 6 -> {
        // atomic_cond_read_acquire(&lock->cnts, VAL == _QW_WAITING): readers drain, the
        // writer before us lets go.
        k.spinUntil(line, CNTS, QW_WAITING, 0, null, false);
        k.next(7);
      }
      case 7 -> {
        k.cas(line, CNTS, QW_WAITING, QW_LOCKED);
        k.next(70);
      }
      case 70 -> k.next(k.result() == QW_WAITING ? 8 : 6);
      case 8 -> {
        acquired(k);
        k.call(waitLock.release());
        k.next(9);
      }
      case 9 -> k.ret(0);
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }

  private void writeUnlockStep(Kernel k) {
    switch (k.pc()) {
      case 0 -> {
        released(k);
        k.storeReleaseField(line, CNTS, QW_LOCKED, 0);
        k.next(1);
      }
      case 1 -> {
        Spin.exit(k);
        k.ret(0);
      }
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }

  /**
   * The lock events of the {@code wait_lock}, the qspinlock that queues the waiters; the
   * qrwlock itself counts none.
   */
  @Override
  public Map<String, Long> lockEvents() {
    return waitLock.lockEvents();
  }
}
