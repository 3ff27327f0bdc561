package org.locksim.lock.rw;

import static org.locksim.lock.rw.FreeBsdRwLock.READ;
import static org.locksim.lock.rw.FreeBsdRwLock.UNLOCKED;
import static org.locksim.lock.rw.FreeBsdRwLock.W;
import static org.locksim.lock.rw.FreeBsdRwLock.WAITERS;
import static org.locksim.lock.rw.FreeBsdRwLock.WRITE_SPINNER;
import static org.locksim.lock.rw.FreeBsdRwLock.WRITE_WAITERS;

import org.locksim.cpu.Instr;
import org.locksim.lock.FastPaths;
import org.locksim.lock.spin.SpinMutex;
import org.locksim.machine.CacheLine;
import org.locksim.sched.Kernel;
import org.locksim.sched.Task;
import org.locksim.sched.WaitQueue;

/**
 * The write side of {@link FreeBsdRwLock}: {@code __rw_wlock} and {@code __rw_wlock_hard} of
 * FreeBSD 13's sys/kern/kern_rwlock.c; see {@link FreeBsdRwLock} for the code modelled. The
 * value the loop works on is the one the last read or {@code fcmpset} returned, as the
 * kernel's {@code v}. While it has set WRITE_SPINNER the writer is in a critical section
 * (preemption off), so that the bit, which the last reader leaves set, always means a running
 * writer about to take the lock.
 */
final class FreeBsdRwWriter {
  private static final int TOP = 2;
  private static final int CAS = 3;
  private static final int SPINNER_SET = 4;
  private static final int DELAY = 5;
  /** The spin on readers' four steps ({@link FreeBsdRwLoops}). */
  private static final int SPIN = 25;
  private static final int TS = 10;
  private static final int CLAIM = 13;
  private static final int FLAG_SET = 14;
  private static final int SLEEP = 15;
  private static final int CANCELLED = 22;
  private static final int DONE = 19;

  // locals: the word, the state (spin tries and two flags), lock_delay's delay, the spin's end,
  // at the indexes FreeBsdRwLoops uses
  private static final int V = 0;
  private static final int STATE = 1;

  private static final long TRIES_MASK = 0xffff;
  private static final long IN_CRITICAL = 1L << 16;
  private static final long SLEEP_WRITER = 1L << 17;

  private final FreeBsdRwLock lock;
  private final CacheLine line;
  private final SpinMutex chain;
  private final WaitQueue exclusive;
  private final FreeBsdRwLoops loops;

  FreeBsdRwWriter(FreeBsdRwLock lock, CacheLine line, SpinMutex chain, WaitQueue exclusive) {
    this.lock = lock;
    this.line = line;
    this.chain = chain;
    this.exclusive = exclusive;
    this.loops = new FreeBsdRwLoops(lock, line, DELAY, SPIN,
        v -> (v & WRITE_SPINNER) == 0 || (v & READ) == 0 || FreeBsdRwLock.readers(v) == 0,
        new FreeBsdRwLoops.Exits(this::top, (k, v) -> k.next(TOP), TS));
  }

  void wlockStep(Kernel k) {
    if (loops.owns(k.pc())) {
      loops.step(k);
      return;
    }
    long tid = FreeBsdRwLock.wtid(k.task());
    switch (k.pc()) {
      case 0 -> {
        FastPaths.enter(k);
        k.cas(line, W, UNLOCKED, tid);  // _rw_write_lock_fetch
        k.next(1);
      }
      case 1 -> {
        FastPaths.testResult(k);
        if (k.result() == UNLOCKED) {
          lock.writerAcquired(k);
          k.ret(0);
        } else {
          lock.writerContended(k);
          k.exec(Instr.CALL, 1);  // __rw_wlock_hard(rw, v)
          top(k, k.result());
        }
      }
      case TOP -> top(k, k.local(V));
      case CAS -> {
        if (k.result() == k.local(V)) {
          k.next(DONE);
        } else {
          top(k, k.result());
        }
      }
      case SPINNER_SET -> {
        if (k.result() != k.local(V)) {
          FreeBsdRwLock.criticalExit(k);
          k.setLocal(STATE, k.local(STATE) & ~IN_CRITICAL);
          top(k, k.result());
        } else {
          startSpin(k, k.local(V) | WRITE_SPINNER);
        }
      }
      // ts: turnstile_trywait
      case TS -> {
        k.call(chain.acquire());
        k.next(TS + 1);
      }
      case TS + 1 -> {
        k.load(line, W);
        k.next(TS + 2);
      }
      case TS + 2 -> retryTs(k, k.result(), tid);
      case CLAIM -> {
        if (k.result() == k.local(V)) {
          lock.writerAcquired(k);  // turnstile_claim or turnstile_cancel
          k.call(chain.release());
          k.next(DONE + 1);
        } else {
          retryTs(k, k.result(), tid);
        }
      }
      case FLAG_SET -> {
        if (k.result() != k.local(V)) {
          retryTs(k, k.result(), tid);
        } else {
          leaveCritical(k);
          k.next(SLEEP);
        }
      }
      case SLEEP -> {
        k.prepareToWait(exclusive);  // turnstile_wait: sleeps, dropping the chain lock
        k.call(chain.release());
        k.next(SLEEP + 1);
      }
      case SLEEP + 1 -> {
        k.schedule();
        k.setLocal(STATE, k.local(STATE) & ~TRIES_MASK);
        k.next(SLEEP + 2);
      }
      case SLEEP + 2 -> {
        k.load(line, W);
        k.next(SLEEP + 3);
      }
      case SLEEP + 3 -> top(k, k.result());
      case CANCELLED -> {
        dropCritical(k, k.local(V));
        top(k, k.local(V));
      }
      case DONE -> {
        leaveCritical(k);
        lock.writerAcquired(k);
        k.ret(0);
      }
      case DONE + 1 -> {
        leaveCritical(k);
        k.ret(0);
      }
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }

  /** One pass of the {@code for (;;)} loop of {@code __rw_wlock_hard} on the value {@code v}. */
  private void top(Kernel k, long v) {
    long tid = FreeBsdRwLock.wtid(k.task());
    k.setLocal(V, v);
    if (v == UNLOCKED || v == (READ | WRITE_SPINNER)) {
      k.cas(line, W, v, tid);
      k.next(CAS);
    } else if ((v & READ) == 0) {
      dropCritical(k, v);
      k.setLocal(STATE, k.local(STATE) | SLEEP_WRITER);
      Task owner = FreeBsdRwLock.writer(k, v);
      if (owner != null && k.onCpu(owner)) {
        loops.delay(k);
      } else {
        k.next(TS);
      }
    } else if (FreeBsdRwLock.readers(v) > 0) {
      long state = k.local(STATE) & ~SLEEP_WRITER;
      k.setLocal(STATE, state);
      if ((state & TRIES_MASK) >= lock.spinTries()) {
        k.next(TS);
      } else if ((v & WRITE_SPINNER) == 0) {
        if ((state & IN_CRITICAL) == 0) {
          FreeBsdRwLock.criticalEnter(k);
          k.setLocal(STATE, state | IN_CRITICAL);
        }
        k.cas(line, W, v, v | WRITE_SPINNER);
        k.next(SPINNER_SET);
      } else {
        startSpin(k, v);
      }
    } else {
      k.next(TS);
    }
  }

  /** {@code spintries++} and the spin on the readers ({@link FreeBsdRwLoops}). */
  private void startSpin(Kernel k, long v) {
    k.setLocal(STATE, k.local(STATE) + 1);
    loops.spin(k, v);
  }

  /** The checks after {@code turnstile_trywait} ({@code retry_ts}) on the value {@code v}. */
  private void retryTs(Kernel k, long v, long tid) {
    k.setLocal(V, v);
    long state = k.local(STATE);
    Task owner = FreeBsdRwLock.writer(k, v);
    if ((owner != null && k.onCpu(owner))
        || (owner == null && FreeBsdRwLock.readers(v) > 0 && (state & SLEEP_WRITER) != 0)) {
      k.call(chain.release());  // turnstile_cancel
      k.next(CANCELLED);
      return;
    }
    long setv = v & (WAITERS | WRITE_SPINNER);
    if ((v & ~setv) == UNLOCKED) {
      k.cas(line, W, v, tid | (setv & ~WRITE_SPINNER));
      k.next(CLAIM);
    } else if ((state & IN_CRITICAL) != 0
        && ((v & WRITE_SPINNER) != 0 || (v & WRITE_WAITERS) == 0)) {
      k.cas(line, W, v, (v & ~WRITE_SPINNER) | WRITE_WAITERS);
      k.next(FLAG_SET);
    } else if ((state & IN_CRITICAL) == 0 && (v & WRITE_WAITERS) == 0) {
      k.cas(line, W, v, v | WRITE_WAITERS);
      k.next(FLAG_SET);
    } else {
      leaveCritical(k);
      k.next(SLEEP);
    }
  }

  /** {@code rw_drop_critical}: leave the critical section unless {@code v} has WRITE_SPINNER. */
  private static void dropCritical(Kernel k, long v) {
    if ((v & WRITE_SPINNER) == 0) {
      leaveCritical(k);
    }
  }

  private static void leaveCritical(Kernel k) {
    long state = k.local(STATE);
    if ((state & IN_CRITICAL) != 0) {
      FreeBsdRwLock.criticalExit(k);
      k.setLocal(STATE, state & ~IN_CRITICAL);
    }
  }
}
