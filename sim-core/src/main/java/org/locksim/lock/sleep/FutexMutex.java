package org.locksim.lock.sleep;

import java.util.List;
import org.locksim.cpu.Instr;
import org.locksim.lock.Lock;
import org.locksim.lock.LockEnv;
import org.locksim.lock.LockParams;
import org.locksim.lock.LockSpec;
import org.locksim.lock.ParamSpec;
import org.locksim.lock.queued.QSpinLock;
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
 * lock: only a {@code contention} loop with {@code "space": "user"} takes it. Not modelled:
 * glibc's adaptive variant ({@code PTHREAD_MUTEX_ADAPTIVE_NP}, which spins up to 100 times
 * before it sleeps) and the bucket's {@code waiters} count that lets a wake with nobody queued
 * skip the bucket lock.
 */
@LockSpec(name = "mutex.futex", summary = "glibc's futex mutex (pthread_mutex_lock, Drepper's mutex3): cmpxchg, else xchg 2 and futex_wait; user space only")
public final class FutexMutex extends Lock {
  public static final List<ParamSpec> PARAMS = List.of();
  private static final int VAL = 0;

  private final WaitQueue waiters;
  private final QSpinLock bucketLock;

  public FutexMutex(LockEnv env, LockParams params) {
    super(env, "mutex.futex", 1);
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
        k.cas(line, VAL, 0, 1);
        k.next(1);
      }
      case 1 -> {
        if (k.result() == 0) {
          acquired(k);
          k.ret(0);
        } else {
          contended(k);
          if (k.result() == 2) {
            futexWait(k);
          } else {
            k.xchg(line, VAL, 2);
            k.next(2);
          }
        }
      }
      case 2 -> {
        if (k.result() == 0) {
          acquired(k);
          k.ret(0);
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
          k.setLocal(0, 0);
        } else {
          k.setLocal(0, 1);
        }
        k.call(bucketLock.release());
        k.next(5);
      }
      case 5 -> {
        if (k.local(0) == 1) {
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
      default -> throw new IllegalStateException("pc " + k.pc());
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
}
