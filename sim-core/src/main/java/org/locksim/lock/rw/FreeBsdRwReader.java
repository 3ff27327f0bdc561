package org.locksim.lock.rw;

import static org.locksim.lock.rw.FreeBsdRwLock.ONE_READER;
import static org.locksim.lock.rw.FreeBsdRwLock.READ;
import static org.locksim.lock.rw.FreeBsdRwLock.READ_WAITERS;
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
import org.locksim.sched.WaitReason;

/**
 * The read side of {@link FreeBsdRwLock}: {@code __rw_rlock_int}, {@code __rw_rlock_hard},
 * {@code __rw_runlock_try} and {@code __rw_runlock_hard} of FreeBSD 13's sys/kern/kern_rwlock.c.
 *
 * <pre>
 * rw_rlock: while (can_read(v)) fcmpset_acq(v -&gt; v + ONE_READER), done if it wins; else the loop on v:
 *   can_read(v): fcmpset as above
 *   write-owned by a running thread: repeat { lock_delay; v = word } while a running writer owns it
 *   READ | WRITE_SPINNER with no reader (a writer spins in a critical section and takes it next):
 *     spin (lock_delay_spin(2), v = word) and loop; never sleep on it
 *   read-locked, tries &lt; delay_retries: tries++; up to delay_loops pauses: poll every (readers)
 *     pauses until the word is write-owned, has no reader or can be read; loop unless the budget ran out
 *   sleep: chain lock; v = word; loop (chain unlocked) if v is READ | WRITE_SPINNER with no
 *     reader, can be read, or has a running writer owner; set READ_WAITERS if clear (fcmpset);
 *     sleep on the shared queue
 * rw_runlock: loop { if (readers(v) &gt; 1 || !(v &amp; WAITERS)) { fcmpset_rel(v -&gt; v - ONE_READER), done if it wins }
 *   else { chain lock; v = word; loop { as above, under the chain lock; else
 *     setv = UNLOCKED | (writers wait ? v &amp; READ_WAITERS : 0) | (v &amp; WRITE_SPINNER);
 *     fcmpset_rel(v -&gt; setv), again on failure; broadcast the writers if any wait, else the readers } chain unlock } }
 * </pre>
 *
 * The last reader leaves WRITE_SPINNER set in both paths: the drained word is then
 * {@code READ | WRITE_SPINNER}, which no reader may take.
 */
final class FreeBsdRwReader {
  private static final int CAS = 2;
  private static final int DELAY = 3;
  private static final int SPINNER = 5;
  /** The spin on readers' four steps ({@link FreeBsdRwLoops}). */
  private static final int SPIN = 22;
  private static final int TS = 10;
  private static final int FLAG_SET = 13;
  private static final int SLEEP = 14;
  private static final int CANCELLED = 18;

  // locals: the word, the state (spin tries and a flag), lock_delay's delay, the spin's end,
  // at the indexes FreeBsdRwLoops uses
  private static final int V = 0;
  private static final int STATE = 1;

  private static final long TRIES_MASK = 0xffff;
  private static final long CONTENDED = 1L << 16;

  private final FreeBsdRwLock lock;
  private final CacheLine line;
  private final SpinMutex chain;
  private final WaitQueue shared;
  private final WaitQueue exclusive;
  private final FreeBsdRwLoops loops;

  FreeBsdRwReader(FreeBsdRwLock lock, CacheLine line, SpinMutex chain, WaitQueue shared,
      WaitQueue exclusive) {
    this.lock = lock;
    this.line = line;
    this.loops = new FreeBsdRwLoops(lock, line, DELAY, SPIN,
        v -> (v & READ) == 0 || FreeBsdRwLock.readers(v) == 0 || FreeBsdRwLock.canRead(v),
        new FreeBsdRwLoops.Exits(this::top, this::top, TS));
    this.chain = chain;
    this.shared = shared;
    this.exclusive = exclusive;
  }

  void rlockStep(Kernel k) {
    if (loops.owns(k.pc())) {
      loops.step(k);
      return;
    }
    switch (k.pc()) {
      case 0 -> {
        FastPaths.enter(k);
        k.load(line, W);
        k.next(1);
      }
      case 1 -> top(k, k.result());
      case CAS -> {
        if (k.result() == k.local(V)) {
          lock.readerAcquired(k);
          k.ret(0);
        } else {
          top(k, k.result());
        }
      }
      case SPINNER -> {
        // The word changed from READ | WRITE_SPINNER: the spinning writer has it, or gave up.
        top(k, WaitReason.of(k.result()) == WaitReason.LINE_WRITTEN ? k.seen(W) : k.local(V));
      }
      // turnstile_trywait
      case TS -> {
        k.call(chain.acquire());
        k.next(TS + 1);
      }
      case TS + 1 -> {
        k.load(line, W);
        k.next(TS + 2);
      }
      case TS + 2 -> retryTs(k, k.result());
      case FLAG_SET -> {
        if (k.result() != k.local(V)) {
          retryTs(k, k.result());
        } else {
          k.next(SLEEP);
        }
      }
      case SLEEP -> {
        k.prepareToWait(shared);  // turnstile_wait: sleeps, dropping the chain lock
        k.call(chain.release());
        k.next(SLEEP + 1);
      }
      case SLEEP + 1 -> {
        k.schedule();
        k.next(SLEEP + 2);
      }
      case SLEEP + 2 -> {
        k.load(line, W);
        k.next(SLEEP + 3);
      }
      case SLEEP + 3 -> top(k, k.result());
      case CANCELLED -> top(k, k.local(V));
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }

  /** {@code __rw_rlock_try} on {@code v}, then one pass of {@code __rw_rlock_hard}'s loop. */
  private void top(Kernel k, long v) {
    k.setLocal(V, v);
    if (FreeBsdRwLock.canRead(v)) {
      k.cas(line, W, v, v + ONE_READER);
      k.next(CAS);
      return;
    }
    long state = k.local(STATE);
    if ((state & CONTENDED) == 0) {
      lock.readerContended(k);
      k.exec(Instr.CALL, 1);  // __rw_rlock_hard
      state |= CONTENDED;
      k.setLocal(STATE, state);
    }
    Task owner = FreeBsdRwLock.writer(k, v);
    if ((v & READ) == 0) {
      if (owner != null && k.onCpu(owner)) {
        loops.delay(k);
      } else {
        k.next(TS);
      }
    } else if ((v & WRITE_SPINNER) != 0 && FreeBsdRwLock.readers(v) == 0) {
      // lock_delay_spin(2) and a read, until the word changes: event-driven
      k.spinWhile(line, W, v, 0, null, false);
      k.next(SPINNER);
    } else if ((state & TRIES_MASK) < lock.spinTries()) {
      k.setLocal(STATE, state + 1);
      if (FreeBsdRwLock.readers(v) == 0) {
        // n == 0: the loop reads the word once and stops (it has no reader)
        k.load(line, W);
        k.next(1);
      } else {
        loops.spin(k, v);
      }
    } else {
      k.next(TS);
    }
  }

  /** The checks after {@code turnstile_trywait} ({@code retry_ts}) on the value {@code v}. */
  private void retryTs(Kernel k, long v) {
    k.setLocal(V, v);
    Task owner = FreeBsdRwLock.writer(k, v);
    boolean drained = (v & WRITE_SPINNER) != 0 && FreeBsdRwLock.readers(v) == 0 && (v & READ) != 0;
    if (drained || FreeBsdRwLock.canRead(v) || (owner != null && k.onCpu(owner))) {
      k.call(chain.release());  // turnstile_cancel
      k.next(CANCELLED);
    } else if ((v & READ_WAITERS) == 0) {
      k.cas(line, W, v, v | READ_WAITERS);
      k.next(FLAG_SET);
    } else {
      k.next(SLEEP);
    }
  }

  void runlockStep(Kernel k) {
    switch (k.pc()) {
      case 0 -> {
        FastPaths.enter(k);
        lock.readerReleased(k);
        k.load(line, W);
        k.next(1);
      }
      case 1 -> runlockTry(k, k.result(), false);
      case 2 -> {
        // the fcmpset of __rw_runlock_try
        if (k.result() == k.local(V)) {
          k.next(k.local(STATE) != 0 ? 7 : 8);
        } else {
          runlockTry(k, k.result(), k.local(STATE) != 0);
        }
      }
      case 3 -> {
        k.load(line, W);
        k.next(4);
      }
      case 4 -> runlockTry(k, k.result(), true);
      case 5 -> {
        if (k.result() != k.local(V)) {
          runlockTry(k, k.result(), true);
        } else {
          long v = k.local(V);
          k.wake((v & WRITE_WAITERS) != 0 ? exclusive : shared, Integer.MAX_VALUE);  // turnstile_broadcast
          k.next(7);
        }
      }
      case 7 -> {
        k.call(chain.release());
        k.next(8);
      }
      case 8 -> k.ret(0);
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }

  /**
   * {@code __rw_runlock_try} on {@code v}; when it cannot drop a reader, the last reader's
   * release under the chain lock ({@code locked}), or the taking of the chain lock.
   */
  private void runlockTry(Kernel k, long v, boolean locked) {
    k.setLocal(V, v);
    k.setLocal(STATE, locked ? 1 : 0);
    if (FreeBsdRwLock.readers(v) > 1 || (v & WAITERS) == 0) {
      k.cas(line, W, v, v - ONE_READER);
      k.next(2);
    } else if (!locked) {
      k.exec(Instr.CALL, 1);  // __rw_runlock_hard
      k.call(chain.acquire());
      k.next(3);
    } else {
      long setv = UNLOCKED | ((v & WRITE_WAITERS) != 0 ? v & READ_WAITERS : 0) | (v & WRITE_SPINNER);
      k.cas(line, W, v, setv);
      k.next(5);
    }
  }
}
