package org.locksim.lock.sleep;

import java.util.List;
import java.util.Map;
import org.locksim.cpu.Instr;
import org.locksim.lock.Lock;
import org.locksim.lock.LockEnv;
import org.locksim.lock.LockParams;
import org.locksim.lock.LockSpec;
import org.locksim.lock.ParamSpec;
import org.locksim.lock.queued.QSpinLock;
import org.locksim.lock.spin.Spin;
import org.locksim.sched.Kernel;
import org.locksim.sched.Routine;
import org.locksim.sched.WaitQueue;

/**
 * A user-space mutex on a Linux futex: glibc's low-level lock ({@code lll_lock},
 * {@code lll_unlock}), what {@code pthread_mutex_lock} of a default mutex runs, and the third
 * mutex of U. Drepper, "Futexes Are Tricky" (2011). The word is 0 (free), 1 (held) or 2 (held,
 * and someone may sleep on it).
 *
 * <pre>
 * lock:    if (cmpxchg(&amp;val, 0, 1) != 0) {
 *            c = val == 2 ? 2 : xchg(&amp;val, 2);      (the first xchg, unless it saw 2)
 *            while (c != 0) { futex_wait(&amp;val, 2); c = xchg(&amp;val, 2); }
 *          }
 * unlock:  if (xchg(&amp;val, 0) == 2) futex_wake(&amp;val, 1);
 * </pre>
 *
 * <p>{@code futex_wait} and {@code futex_wake} are system calls (kernel/futex of v5.x):
 * both take the futex's hash-bucket lock, a kernel spin lock (a qspinlock on a line of its
 * own); the waiter, holding it, queues itself, reads the word and sleeps only if it is still
 * 2, so a wake cannot be lost; the waker wakes the first waiter queued. The system calls are
 * system time, with the model's null-syscall cost; the sleep and the wakeup pay what the
 * scheduler charges (idle-state exit, IPI, context switches). It is a user-space library's
 * lock: only a {@code contention} loop with {@code "space": "user"} takes it.
 *
 * <p>{@code adaptive} is {@code PTHREAD_MUTEX_ADAPTIVE_NP} as glibc's
 * {@code nptl/pthread_mutex_lock.c} had it until 2022: after a failed {@code cmpxchg}, retry
 * it ({@code lll_trylock}, a {@code lock cmpxchg} each) a pause apart, up to {@code max_cnt =
 * MIN(100, __spins * 2 + 10)} times, then take the plain path; once it has the lock, {@code
 * __spins += (cnt - __spins) / 8}, a running estimate kept in the mutex (100 is {@code
 * MAX_ADAPTIVE_COUNT}, later the {@code glibc.mutex.spin_count} tunable's default). Not
 * modelled: the exponential backoff with jitter that glibc added to that loop in 2022, and
 * the bucket's {@code waiters} count that lets a wake with nobody queued skip the bucket lock.
 */
@LockSpec(name = "mutex.futex", summary = "glibc's futex mutex (pthread_mutex_lock, Drepper's mutex3): cmpxchg, else xchg 2 and futex_wait; user space only")
public final class FutexMutex extends Lock {
  public static final List<ParamSpec> PARAMS = List.of(
      ParamSpec.bool("adaptive", false,
          "PTHREAD_MUTEX_ADAPTIVE_NP: retry the cmpxchg, a pause apart, up to min(100, 2 x the"
              + " mutex's running estimate + 10) times before the futex path (glibc before 2022)"));
  private static final int VAL = 0;
  /** {@code __spins}: the adaptive mutex's running estimate of the retries it takes. */
  private static final int SPINS = 1;
  /** glibc's {@code MAX_ADAPTIVE_COUNT}. */
  private static final long MAX_ADAPTIVE_COUNT = 100;

  /** Locals of the lock: the futex wait's decision, and the adaptive loop's counters. */
  private static final int L_SLEEP = 0;
  private static final int L_SPINS = 1;
  private static final int L_MAX = 2;
  private static final int L_CNT = 3;
  private static final int L_SPUN = 4;

  private final WaitQueue waiters;
  private final QSpinLock bucketLock;
  private final boolean adaptive;

  public FutexMutex(LockEnv env, LockParams params) {
    super(env, "mutex.futex", 2);
    this.adaptive = params.bool("adaptive");
    routines(Routine.named("__lll_lock_wait", this::lockStep),
        Routine.named("__lll_unlock_wake", this::unlockStep));
    this.waiters = new WaitQueue(env.name() + " futex queue");
    this.bucketLock = new QSpinLock(new LockEnv(env.name() + " futex hash bucket", env.machine()),
        LockParams.defaults(QSpinLock.PARAMS));
  }

  /** A user-space library's lock, and nothing else: it makes its own system calls. */
  @Override
  public boolean userSpace() {
    return true;
  }

  @Override
  public boolean userSpaceOnly() {
    return true;
  }

  @Override
  protected List<WaitQueue> waitQueues() {
    return List.of(waiters);
  }

  private void lockStep(Kernel k) {
    switch (k.pc()) {
      case 0 -> {
        k.exec(Instr.CALL, 1);
        k.setLocal(L_SPUN, 0);
        k.cas(line, VAL, 0, 1);
        k.next(1);
      }
      case 1 -> {
        if (k.result() == 0) {
          acquired(k);
          k.ret(0);
        } else {
          contended(k);
          if (adaptive) {
            k.load(line, SPINS);
            k.next(20);
          } else {
            lllLockWait(k, k.result());
          }
        }
      }
      case 2 -> {
        if (k.result() == 0) {
          done(k);
        } else {
          futexWait(k);
        }
      }
      case 3 -> {
        k.prepareToWait(waiters);
        k.load(line, VAL);
        k.next(4);
      }
      case 4 -> {
        if (k.result() != 2) {
          // The word moved: EAGAIN, without sleeping.
          k.finishWait(waiters);
          k.setLocal(L_SLEEP, 0);
        } else {
          k.setLocal(L_SLEEP, 1);
        }
        k.call(bucketLock.release());
        k.next(5);
      }
      case 5 -> {
        if (k.local(L_SLEEP) == 1) {
          k.schedule();
        }
        k.next(6);
      }
      case 6 -> {
        k.finishWait(waiters);
        k.syscallExit();
        k.xchg(line, VAL, 2);
        k.next(2);
      }
      // The adaptive loop: max_cnt = MIN(MAX_ADAPTIVE_COUNT, __spins * 2 + 10).
      case 20 -> {
        long spins = k.result();
        k.setLocal(L_SPINS, spins);
        k.setLocal(L_MAX, Math.min(MAX_ADAPTIVE_COUNT, spins * 2 + 10));
        k.setLocal(L_CNT, 0);
        k.setLocal(L_SPUN, 1);
        k.exec(Instr.ALU, 3);
        k.next(21);
      }
      case 21 -> {
        long cnt = k.local(L_CNT);
        k.setLocal(L_CNT, cnt + 1);
        if (cnt >= k.local(L_MAX)) {
          // LLL_MUTEX_LOCK: the plain lock's cmpxchg, then its wait.
          k.cas(line, VAL, 0, 1);
          k.next(30);
        } else {
          Spin.pauses(k, 1);
          k.next(22);
        }
      }
      case 22 -> {
        // LLL_MUTEX_TRYLOCK
        k.cas(line, VAL, 0, 1);
        k.next(23);
      }
      case 23 -> {
        if (k.result() == 0) {
          done(k);
        } else {
          k.next(21);
        }
      }
      case 30 -> {
        if (k.result() == 0) {
          done(k);
        } else {
          lllLockWait(k, k.result());
        }
      }
      case 40 -> {
        acquired(k);
        k.ret(0);
      }
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }

  /** __lll_lock_wait with the failed cmpxchg's value {@code c}: xchg 2 unless it saw 2. */
  private void lllLockWait(Kernel k, long c) {
    if (c == 2) {
      futexWait(k);
    } else {
      k.xchg(line, VAL, 2);
      k.next(2);
    }
  }

  /**
   * The lock is taken: after the adaptive loop, {@code __spins += (cnt - __spins) / 8} on the
   * mutex's line, which the holder owns; then it is held.
   */
  private void done(Kernel k) {
    if (k.local(L_SPUN) == 1) {
      long spins = k.local(L_SPINS);
      k.exec(Instr.ALU, 3);
      k.store(line, SPINS, spins + (k.local(L_CNT) - spins) / 8);
      k.next(40);
    } else {
      acquired(k);
      k.ret(0);
    }
  }

  /** futex_wait(&amp;val, 2): into the kernel, and the hash bucket's lock. */
  private void futexWait(Kernel k) {
    k.syscallEnter();
    k.call(bucketLock.acquire());
    k.next(3);
  }

  private void unlockStep(Kernel k) {
    switch (k.pc()) {
      case 0 -> {
        k.exec(Instr.CALL, 1);
        released(k);
        k.xchg(line, VAL, 0);
        k.next(1);
      }
      case 1 -> {
        if (k.result() == 2) {
          // futex_wake(&val, 1)
          k.syscallEnter();
          k.call(bucketLock.acquire());
          k.next(2);
        } else {
          k.ret(0);
        }
      }
      case 2 -> {
        k.wake(waiters, 1);
        k.call(bucketLock.release());
        k.next(3);
      }
      case 3 -> {
        k.syscallExit();
        k.ret(0);
      }
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }

  /**
   * The lock events of the kernel's futex hash bucket lock, a qspinlock the futex system calls
   * take; glibc's mutex in user space counts none.
   */
  @Override
  public Map<String, Long> lockEvents() {
    return bucketLock.lockEvents();
  }
}
