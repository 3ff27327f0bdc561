package org.locksim.lock.rw;

import org.locksim.cpu.Instr;
import org.locksim.lock.FastPaths;
import org.locksim.lock.spin.SpinMutex;
import org.locksim.machine.CacheLine;
import org.locksim.sched.Kernel;
import org.locksim.sched.Task;
import org.locksim.sched.WaitQueue;

import static org.locksim.lock.rw.FreeBsdRwLock.FLAGS;
import static org.locksim.lock.rw.FreeBsdRwLock.ONE_READER;
import static org.locksim.lock.rw.FreeBsdRwLock.READ;
import static org.locksim.lock.rw.FreeBsdRwLock.READ_WAITERS;
import static org.locksim.lock.rw.FreeBsdRwLock.UNLOCKED;
import static org.locksim.lock.rw.FreeBsdRwLock.W;
import static org.locksim.lock.rw.FreeBsdRwLock.WAITERS;
import static org.locksim.lock.rw.FreeBsdRwLock.WRITE_SPINNER;
import static org.locksim.lock.rw.FreeBsdRwLock.WRITE_WAITERS;

/**
 * The read side of {@link FreeBsdRwLock}: {@code _rw_rlock} and {@code _rw_runlock} of
 * sys/kern/kern_rwlock.c (8.0-CURRENT, 2008); see {@link FreeBsdRwLock} for the code modelled.
 */
final class FreeBsdRwReader {
  // locals
  private static final int V = 0;
  private static final int X = 2;

  private final FreeBsdRwLock lock;
  private final CacheLine line;
  private final SpinMutex chain;
  private final WaitQueue shared;
  private final WaitQueue exclusive;

  FreeBsdRwReader(FreeBsdRwLock lock, CacheLine line, SpinMutex chain, WaitQueue shared,
      WaitQueue exclusive) {
    this.lock = lock;
    this.line = line;
    this.chain = chain;
    this.shared = shared;
    this.exclusive = exclusive;
  }

  void rlockStep(Kernel k) {
    switch (k.pc()) {
      case 0 -> {
        FastPaths.enter(k);
        k.load(line, W);
        k.next(1);
      }
      case 1 -> {
        long v = k.result();
        if (FreeBsdRwLock.canRead(v)) {
          k.setLocal(V, v);
          k.cas(line, W, v, v + ONE_READER);
          k.next(2);
        } else {
          if (k.local(X) == 0) {
            lock.readerContended(k);
            k.setLocal(X, 1);
          }
          Task owner = FreeBsdRwLock.writer(k, v);
          if (owner != null && k.onCpu(owner)) {
            k.spinWhileMasked(line, W, ~FLAGS, v, 0, owner, false);
            k.next(3);
          } else {
            k.call(chain.acquire());  // turnstile_trywait
            k.next(4);
          }
        }
      }
      case 2 -> {
        if (k.result() == k.local(V)) {
          lock.readerAcquired(k);
          k.ret(0);
        } else {
          k.exec(Instr.PAUSE, 1);
          k.load(line, W);
          k.next(1);
        }
      }
      case 3 -> {
        k.load(line, W);
        k.next(1);
      }
      case 4 -> {
        k.load(line, W);
        k.next(5);
      }
      case 5 -> {
        long v = k.result();
        Task owner = FreeBsdRwLock.writer(k, v);
        if (FreeBsdRwLock.canRead(v) || (owner != null && k.onCpu(owner))) {
          k.call(chain.release());  // turnstile_cancel
          k.next(8);
        } else if ((v & READ_WAITERS) == 0) {
          k.setLocal(V, v);
          k.cas(line, W, v, v | READ_WAITERS);
          k.next(6);
        } else {
          k.next(7);
        }
      }
      case 6 -> {
        if (k.result() != k.local(V)) {
          k.call(chain.release());
          k.next(8);
        } else {
          k.next(7);
        }
      }
      case 7 -> {
        k.prepareToWait(shared);  // turnstile_wait: sleeps, dropping the chain lock
        k.call(chain.release());
        k.next(9);
      }
      case 8 -> {
        k.exec(Instr.PAUSE, 1);
        k.load(line, W);
        k.next(1);
      }
      case 9 -> {
        k.schedule();
        k.next(0 + 10);
      }
      case 10 -> {
        k.load(line, W);
        k.next(1);
      }
      default -> throw new IllegalStateException("pc " + k.pc());
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
      case 1 -> {
        long x = k.result();
        k.setLocal(V, x);
        if (FreeBsdRwLock.readers(x) > 1) {
          k.cas(line, W, x, x - ONE_READER);
          k.next(2);
        } else if ((x & WAITERS) == 0) {
          k.cas(line, W, x, UNLOCKED);
          k.next(2);
        } else {
          k.call(chain.acquire());
          k.next(3);
        }
      }
      case 2 -> {
        if (k.result() == k.local(V)) {
          k.ret(0);
        } else {
          k.load(line, W);
          k.next(1);
        }
      }
      case 3 -> {
        k.load(line, W);
        k.next(4);
      }
      case 4 -> {
        long v = k.result() & (WAITERS | WRITE_SPINNER);
        long x = UNLOCKED | ((v & WRITE_WAITERS) != 0 ? v & READ_WAITERS : 0);
        k.setLocal(V, ONE_READER | READ | v);
        k.setLocal(X, (v & WRITE_WAITERS) != 0 ? 1 : 0);
        k.cas(line, W, ONE_READER | READ | v, x);
        k.next(5);
      }
      case 5 -> {
        if (k.result() != k.local(V)) {
          k.call(chain.release());
          k.next(6);
        } else {
          k.wake(k.local(X) != 0 ? exclusive : shared, Integer.MAX_VALUE);  // turnstile_broadcast
          k.call(chain.release());
          k.next(7);
        }
      }
      case 6 -> {
        k.load(line, W);
        k.next(1);
      }
      case 7 -> k.ret(0);
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }
}
