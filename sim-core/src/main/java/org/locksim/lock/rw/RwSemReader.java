package org.locksim.lock.rw;

import static org.locksim.lock.rw.RwSem.COUNT;
import static org.locksim.lock.rw.RwSem.HANDOFF;
import static org.locksim.lock.rw.RwSem.LIST;
import static org.locksim.lock.rw.RwSem.LOCK_MASK;
import static org.locksim.lock.rw.RwSem.NONSPINNABLE;
import static org.locksim.lock.rw.RwSem.OWNER;
import static org.locksim.lock.rw.RwSem.RD_NONSPINNABLE;
import static org.locksim.lock.rw.RwSem.READER_BIAS;
import static org.locksim.lock.rw.RwSem.READER_OWNED;
import static org.locksim.lock.rw.RwSem.READ_FAILED_MASK;
import static org.locksim.lock.rw.RwSem.WAITERS;
import static org.locksim.lock.rw.RwSem.WRITER_LOCKED;
import static org.locksim.lock.rw.RwSem.WRITER_MASK;
import static org.locksim.lock.rw.RwSem.readerOwner;

import org.locksim.cpu.Instr;
import org.locksim.lock.FastPaths;
import org.locksim.lock.queued.QSpinLock;
import org.locksim.lock.sleep.OptimisticSpinQueue;
import org.locksim.machine.CacheLine;
import org.locksim.sched.Kernel;
import org.locksim.sched.Routine;
import org.locksim.sched.WaitQueue;

/**
 * The read side of {@link RwSem}: {@code down_read} with {@code rwsem_down_read_slowpath}
 * (reader lock stealing, queueing, waiting for a waker to clear {@code waiter.task}) and
 * {@code up_read}, as in v5.12 kernel/locking/rwsem.c. See {@link RwSem} for the code modelled.
 *
 * <p>v5.10's slow path has no lock stealing; it spins instead ({@link RwSemReaderSpin}):
 *
 * <pre>
 * rwsem_down_read_slowpath (v5.10):
 *   last_rowner = owner, or only its RD_NONSPINNABLE bit unless readers own it;
 *   if (!rwsem_can_spin_on_owner(sem, RD_NONSPINNABLE)) goto queue;   -- adjustment = -READER_BIAS
 *   add(count, -READER_BIAS); adjustment = 0;
 *   if (rwsem_optimistic_spin(sem, false)) { if (count &amp; WAITERS) { lock wait_lock;
 *       if (list not empty) mark_wake(READ_OWNED); unlock; wake_up_q } return; }
 *   if (owner is a reader other than last_rowner's &amp;&amp; rwsem_try_read_lock_unqueued(sem)) return;
 *   queue: as v5.12, but with adjustment 0 the empty list's shortcut is skipped and count is
 *   only read; a waiter queued with RD_NONSPINNABLE in last_rowner passes it on when granted;
 *   clear_wr_nonspinnable where v5.12 has clear_nonspinnable
 * </pre>
 */
final class RwSemReader {
  private final RwSem sem;
  private final CacheLine line;
  private final QSpinLock waitLock;
  private final RwSemWaitList list;
  private final Routine setReaderOwned;
  private final Routine wake;
  private final RwSemReaderSpin spin;

  RwSemReader(RwSem sem, CacheLine line, QSpinLock waitLock, OptimisticSpinQueue osq,
      RwSemWaitList list, Routine wake) {
    this.sem = sem;
    this.line = line;
    this.waitLock = waitLock;
    this.list = list;
    this.wake = wake;
    this.setReaderOwned = Routine.named("rwsem_set_reader_owned", this::setReaderOwnedStep);
    this.spin = new RwSemReaderSpin(line, osq, setReaderOwned);
  }

  // locals: 0 count, then the adjustment; 1 v5.10's last_rowner; 2 the adjustment's base
  // (-READER_BIAS, or 0 once v5.10's spinner has taken its bias back)
  void lockStep(Kernel k) {
    int me = k.task().id();
    switch (k.pc()) {
      case 0 -> {
        FastPaths.enter(k);
        k.fetchAdd(line, COUNT, READER_BIAS);
        k.next(1);
      }
      case 1 -> {
        FastPaths.testResult(k);
        long count = k.result() + READER_BIAS;
        k.setLocal(0, count);
        if ((count & READ_FAILED_MASK) == 0) {
          k.call(setReaderOwned);
          k.next(30);
        } else {
          sem.readerContended(k);
          k.setLocal(2, -READER_BIAS);
          k.exec(Instr.CALL, 1);
          k.load(line, OWNER);
          k.next(sem.v510 ? 40 : 2);
        }
      }
      case 2 -> {
        long count = k.local(0);
        long rcnt = count >>> 8;
        if ((k.result() & READER_OWNED) != 0 && rcnt > 1 && (count & WRITER_LOCKED) == 0) {
          k.next(10);
        } else if ((count & (WRITER_LOCKED | HANDOFF)) == 0) {
          // Reader optimistic lock stealing: our bias is in the count, and no writer holds it.
          sem.events.rlockSteal++;
          k.call(setReaderOwned);
          k.next(rcnt == 1 && (count & WAITERS) != 0 ? 3 : 30);
        } else {
          k.next(10);
        }
      }
      case 3 -> {
        sem.readerAcquired(k);
        k.call(waitLock.acquire());
        k.next(4);
      }
      case 4 -> {
        if (!list.isEmpty()) {
          k.call(list.markWake(RwSemWaitList.WakeType.READ_OWNED));
        }
        k.next(5);
      }
      case 5 -> {
        k.call(waitLock.release());
        k.next(31);
      }
      // queue
      case 10 -> {
        k.call(waitLock.acquire());
        k.next(11);
      }
      case 11 -> {
        k.load(line, LIST);
        k.next(12);
      }
      case 12 -> {
        if (list.isEmpty() && k.local(2) != 0) {
          k.load(line, COUNT);
          k.next(13);
        } else {
          k.setLocal(0, k.local(2) + (list.isEmpty() ? WAITERS : 0));
          k.next(15);
        }
      }
      case 13 -> {
        if ((k.result() & (WRITER_MASK | HANDOFF)) == 0) {
          sem.events.rlockFast++;
          k.call(waitLock.release());
          k.next(14);
        } else {
          k.setLocal(0, -READER_BIAS + WAITERS);
          k.next(15);
        }
      }
      case 14 -> {
        k.call(setReaderOwned);
        k.next(30);
      }
      case 15 -> {
        list.add(me, false, k.now(), sem.v510 && (k.local(1) & RD_NONSPINNABLE) != 0);
        k.store(line, LIST, list.size());
        k.next(16);
      }
      case 16 -> {
        if (k.local(0) == 0) {
          k.load(line, COUNT);
        } else {
          k.fetchAdd(line, COUNT, k.local(0));
        }
        k.next(17);
      }
      case 17 -> {
        long count = k.result() + k.local(0);
        if ((count & LOCK_MASK) == 0) {
          // No active lock: clear_nonspinnable(), then wake the front of the queue.
          k.load(line, OWNER);
          k.next(21);
        } else {
          if ((count & WRITER_MASK) == 0 && (k.local(0) & WAITERS) != 0) {
            k.call(list.markWake(RwSemWaitList.WakeType.ANY));
          }
          k.next(18);
        }
      }
      case 21 -> {
        if ((k.result() & sem.clearedWhenFree()) != 0) {
          k.fetchAndNot(line, OWNER, sem.clearedWhenFree());
        }
        k.next(22);
      }
      case 22 -> {
        k.call(list.markWake(RwSemWaitList.WakeType.ANY));
        k.next(18);
      }
      case 18 -> {
        k.call(waitLock.release());
        k.next(23);
      }
      case 23 -> {
        list.wakeUpQ(k);  // wake_up_q(&wake_q), after raw_spin_unlock_irq(&sem->wait_lock)
        k.next(19);
      }
      // wait to be given the lock
      case 19 -> {
        WaitQueue q = list.queue(me);
        k.prepareToWait(q);
        k.exec(Instr.LOAD, 1);  // smp_load_acquire(&waiter.task): the waiter's own stack
        k.next(20);
      }
      case 20 -> {
        if (list.granted(me)) {
          k.finishWait(list.queue(me));
          sem.events.rlock++;
          k.next(30);
        } else {
          k.schedule();
          k.next(24);
        }
      }
      case 24 -> {
        // back from schedule()
        sem.events.sleepReader++;
        k.next(19);
      }
      case 30 -> {
        sem.readerAcquired(k);
        k.ret(0);
      }
      case 31 -> {
        list.wakeUpQ(k);
        k.ret(0);
      }
      // v5.10: rwsem_can_spin_on_owner(sem, RWSEM_RD_NONSPINNABLE), the owner read
      case 40 -> {
        long owner = k.result();
        k.setLocal(1, (owner & READER_OWNED) != 0 ? owner : owner & RD_NONSPINNABLE);
        if (!RwSem.canSpinOnOwner(k, owner, RD_NONSPINNABLE)) {
          k.next(10);
        } else {
          k.setLocal(2, 0);
          k.fetchAdd(line, COUNT, -READER_BIAS);
          k.next(41);
        }
      }
      case 41 -> {
        k.call(spin.spin());
        k.next(42);
      }
      case 42 -> {
        if (k.result() == 1) {
          k.load(line, COUNT);
          k.next(43);
        } else {
          // rwsem_reader_phase_trylock(sem, waiter.last_rowner)
          k.load(line, OWNER);
          k.next(44);
        }
      }
      case 43 -> k.next((k.result() & WAITERS) != 0 ? 3 : 30);
      case 44 -> {
        long owner = k.result();
        if ((owner & READER_OWNED) != 0
            && RwSem.ownerTaskPart(owner) != RwSem.ownerTaskPart(k.local(1))) {
          k.call(spin.tryLock());
          k.next(45);
        } else {
          k.next(10);
        }
      }
      case 45 -> k.next(k.result() == 1 ? 30 : 10);
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }

  private void setReaderOwnedStep(Kernel k) {
    switch (k.pc()) {
      case 0 -> {
        k.load(line, OWNER);
        k.next(1);
      }
      case 1 -> {
        // atomic_long_set(&sem->owner, ...): stored even when unchanged, so every reader
        // writes the semaphore's line.
        k.store(line, OWNER, readerOwner(k.task().id()) | (k.result() & NONSPINNABLE));
        k.next(2);
      }
      case 2 -> k.ret(0);
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }

  void unlockStep(Kernel k) {
    switch (k.pc()) {
      case 0 -> {
        FastPaths.enter(k);
        sem.readerReleased(k);
        k.fetchAdd(line, COUNT, -READER_BIAS);
        k.next(1);
      }
      case 1 -> {
        FastPaths.testResult(k);
        long tmp = k.result() - READER_BIAS;
        if ((tmp & (LOCK_MASK | WAITERS)) == WAITERS) {
          // clear_nonspinnable(): the flag is tested before the locked andnot.
          k.exec(Instr.CALL, 1);
          k.load(line, OWNER);
          k.next(4);
        } else {
          k.ret(0);
        }
      }
      case 4 -> {
        if ((k.result() & sem.clearedWhenFree()) != 0) {
          k.fetchAndNot(line, OWNER, sem.clearedWhenFree());
        }
        k.next(2);
      }
      case 2 -> {
        k.call(wake);
        k.next(3);
      }
      case 3 -> k.ret(0);
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }
}
