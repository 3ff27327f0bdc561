package org.locksim.lock.rw;

import static org.locksim.lock.rw.RwSem.OWNER_NULL;

import org.locksim.cpu.Instr;
import org.locksim.lock.FastPaths;
import org.locksim.lock.queued.QSpinLock;
import org.locksim.lock.sleep.OptimisticSpinQueue;
import org.locksim.machine.CacheLine;
import org.locksim.sched.Kernel;
import org.locksim.sched.Task;
import org.locksim.sched.WaitReason;

/**
 * The write side of {@link RwSem}'s {@code down_write} (v5.12 kernel/locking/rwsem.c, and
 * v5.10's, whose owner word has the RD and WR NONSPINNABLE bits and whose writer, when it had
 * to queue behind a NONSPINNABLE owner, sets RD once it has the lock): the
 * fast path, {@code rwsem_optimistic_spin} on the osq ({@link RwSemWriterSpin}), and
 * {@code rwsem_down_write_slowpath}'s wait on the list with its {@code wstate} (FIRST, NOT_FIRST,
 * HANDOFF). See {@link RwSem} for the code modelled.
 */
final class RwSemWriter {
  static final int SPIN = 10;
  static final int SPIN_FAIL = 25;
  private static final int QUEUE = 28;
  private static final int WAIT = 30;
  private static final int WAKE = 45;
  private static final int SLEEP = 50;
  static final int TAKEN = 60;

  private static final long FIRST = 0;
  private static final long NOT_FIRST = 1;
  private static final long HANDOFF_STATE = 2;

  // Locals (a frame has four): the spin loop's, then the wait's, which reuse them.
  static final int COUNT = 0;
  static final int STATE = 1;
  static final int PREV = 2;
  static final int THRESHOLD = 3;
  private static final int WSTATE = 1;
  private static final int NEW = 2;
  /** v5.10's {@code disable_rspin}: the NONSPINNABLE bits the owner word had when spinning failed. */
  private static final int DISABLE_RSPIN = 3;

  private final RwSem sem;
  private final CacheLine line;
  private final QSpinLock waitLock;
  private final OptimisticSpinQueue osq;
  private final RwSemWaitList list;
  private final RwSemWriterSpin spin;

  RwSemWriter(RwSem sem, CacheLine line, QSpinLock waitLock, OptimisticSpinQueue osq,
      RwSemWaitList list) {
    this.sem = sem;
    this.line = line;
    this.waitLock = waitLock;
    this.osq = osq;
    this.list = list;
    this.spin = new RwSemWriterSpin(sem, line, osq, this);
  }

  void lockStep(Kernel k) {
    long cur = RwSem.writerOwner(k.task());
    int me = k.task().id();
    switch (k.pc()) {
      case 0 -> {
        FastPaths.enter(k);
        k.cas(line, RwSem.COUNT, 0, RwSem.WRITER_LOCKED);
        k.next(1);
      }
      case 1 -> {
        FastPaths.testResult(k);
        if (k.result() == 0) {
          k.store(line, RwSem.OWNER, cur);
          k.next(TAKEN + 5);
        } else {
          sem.writerContended(k);
          k.exec(Instr.CALL, 1);
          k.load(line, RwSem.OWNER);
          k.next(2);
        }
      }
      case 2 -> {
        // rwsem_can_spin_on_owner
        if (!RwSem.canSpinOnOwner(k, k.result(), sem.writerNonspinnable())) {
          sem.events.optFail++;
          toQueue(k);
        } else {
          k.preemptDisable();
          k.setLocal(PREV, OWNER_NULL);
          k.call(osq.lock());
          k.next(3);
        }
      }
      case 3 -> {
        if (k.result() == 0) {
          // osq_lock failed: rwsem_optimistic_spin's done, without the lock
          sem.events.optFail++;
          k.preemptEnable();
          toQueue(k);
        } else {
          k.next(SPIN);
        }
      }
      case SPIN, SPIN + 1, SPIN + 2, SPIN + 3, SPIN + 4, SPIN + 5, SPIN + 6, SPIN + 7, SPIN + 9,
          SPIN + 10, SPIN_FAIL, SPIN_FAIL + 1 -> spin.step(k, cur);
      // v5.10: disable_rspin = owner & RWSEM_NONSPINNABLE, before queueing
      case QUEUE -> {
        k.load(line, RwSem.OWNER);
        k.next(QUEUE + 1);
      }
      case QUEUE + 1 -> {
        k.setLocal(DISABLE_RSPIN, k.result() & sem.anyNonspinnable());
        k.next(WAIT);
      }
      // rwsem_down_write_slowpath: queue
      case WAIT -> {
        k.call(waitLock.acquire());
        k.next(WAIT + 1);
      }
      case WAIT + 1 -> {
        k.setLocal(WSTATE, list.isEmpty() ? FIRST : NOT_FIRST);
        list.add(me, true, k.now());
        k.store(line, RwSem.LIST, list.size());
        k.next(WAIT + 2);
      }
      case WAIT + 2 -> {
        if (k.local(WSTATE) == NOT_FIRST) {
          k.load(line, RwSem.COUNT);
          k.next(WAIT + 3);
        } else {
          k.fetchOr(line, RwSem.COUNT, RwSem.WAITERS);
          k.next(WAIT + 4);
        }
      }
      case WAIT + 3 -> {
        long count = k.result();
        if ((count & RwSem.WRITER_MASK) == 0) {
          k.call(list.markWake((count & RwSem.READER_MASK) != 0
              ? RwSemWaitList.WakeType.READERS : RwSemWaitList.WakeType.ANY));
          k.next(WAKE);
        } else {
          k.next(WAIT + 4);
        }
      }
      // "minimize wait_lock hold time": unlock, wake_up_q, lock again
      case WAKE -> {
        if (list.wakeQEmpty(k)) {
          k.next(WAIT + 4);
        } else {
          k.call(waitLock.release());
          k.next(WAKE + 1);
        }
      }
      case WAKE + 1 -> {
        list.wakeUpQ(k);
        k.call(waitLock.acquire());
        k.next(WAIT + 4);
      }
      case WAIT + 4 -> {
        k.prepareToWait(list.queue(me));  // set_current_state(state)
        k.next(WAIT + 5);
      }
      // for (;;): rwsem_try_write_lock(sem, wstate), holding wait_lock
      case WAIT + 5 -> {
        k.load(line, RwSem.COUNT);
        k.next(WAIT + 6);
      }
      case WAIT + 6 -> tryWriteLock(k, k.result());
      case WAIT + 7 -> {
        if (k.result() != k.local(COUNT)) {
          tryWriteLock(k, k.result());
        } else if ((k.local(NEW) & RwSem.HANDOFF) != 0) {
          k.next(WAIT + 8);  // set HANDOFF, not taken
        } else {
          k.store(line, RwSem.OWNER, cur);
          k.next(TAKEN);
        }
      }
      case WAIT + 8 -> {
        k.call(waitLock.release());
        k.next(WAIT + 9);
      }
      case WAIT + 9 -> {
        if (k.local(WSTATE) == HANDOFF_STATE) {
          // spin on the owner to speed up the hand-over; OWNER_NULL means try again at once
          k.preemptDisable();
          k.load(line, RwSem.OWNER);
          k.next(WAIT + 10);
        } else {
          k.next(SLEEP);
        }
      }
      case WAIT + 10 -> {
        long owner = k.result();
        Task o = RwSem.ownerTask(k, owner);
        if ((owner & sem.anyNonspinnable()) == 0 && owner == 0) {
          k.preemptEnable();
          k.next(SLEEP + 5);
        } else if ((owner & (sem.anyNonspinnable() | RwSem.READER_OWNED)) == 0 && k.onCpu(o)
            && !k.needResched()) {
          k.spinWhile(line, RwSem.OWNER, owner, 0, o, true);
          k.next(WAIT + 11);
        } else {
          k.preemptEnable();
          k.next(SLEEP);
        }
      }
      case WAIT + 11 -> {
        k.preemptEnable();
        boolean ownerNull = WaitReason.of(k.result()) == WaitReason.LINE_WRITTEN
            && k.seen(RwSem.OWNER) == 0;
        k.next(ownerNull ? SLEEP + 5 : SLEEP);
      }
      // block until there are no active lockers
      case SLEEP -> {
        k.schedule();
        k.next(SLEEP + 1);
      }
      case SLEEP + 1 -> {
        // back from schedule()
        sem.events.sleepWriter++;
        k.prepareToWait(list.queue(me));
        if (k.local(WSTATE) == HANDOFF_STATE) {
          k.next(SLEEP + 5);
        } else {
          if (k.local(WSTATE) == NOT_FIRST && list.first(me)) {
            k.setLocal(WSTATE, FIRST);
          }
          k.load(line, RwSem.COUNT);
          k.next(SLEEP + 2);
        }
      }
      case SLEEP + 2 -> {
        if ((k.result() & RwSem.LOCK_MASK) == 0) {
          k.next(SLEEP + 5);
        } else if (k.local(WSTATE) == FIRST && list.timedOut(me, k.now())) {
          k.setLocal(WSTATE, HANDOFF_STATE);
          sem.events.wlockHandoff++;
          k.next(SLEEP + 5);
        } else {
          k.next(SLEEP);
        }
      }
      case SLEEP + 5 -> {
        // trylock_again
        k.call(waitLock.acquire());
        k.next(WAIT + 5);
      }
      case TAKEN -> {
        sem.events.wlock++;
        k.finishWait(list.queue(me));
        list.remove(me);
        k.store(line, RwSem.LIST, list.size());
        k.next(sem.v510 && k.local(DISABLE_RSPIN) != 0 ? TAKEN + 2 : TAKEN + 1);
      }
      case TAKEN + 2 -> {
        // v5.10's rwsem_disable_reader_optspin: a writer that had to sleep stops readers spinning
        k.fetchOr(line, RwSem.OWNER, RwSem.RD_NONSPINNABLE);
        k.next(TAKEN + 1);
      }
      case TAKEN + 1 -> {
        k.call(waitLock.release());
        k.next(TAKEN + 5);
      }
      case TAKEN + 5 -> {
        sem.writerAcquired(k);
        k.ret(0);
      }
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }

  /** On to {@code rwsem_down_write_slowpath}'s queueing, through v5.10's look at the owner. */
  void toQueue(Kernel k) {
    k.next(sem.v510 ? QUEUE : WAIT);
  }

  /** One pass of rwsem_try_write_lock's cmpxchg loop with {@code count} read. */
  private void tryWriteLock(Kernel k, long count) {
    long wstate = k.local(WSTATE);
    boolean hasHandoff = (count & RwSem.HANDOFF) != 0;
    if (hasHandoff && wstate == NOT_FIRST) {
      k.next(WAIT + 8);
      return;
    }
    long nw = count;
    if ((count & RwSem.LOCK_MASK) != 0) {
      if (hasHandoff || wstate != HANDOFF_STATE) {
        k.next(WAIT + 8);
        return;
      }
      nw |= RwSem.HANDOFF;
    } else {
      nw |= RwSem.WRITER_LOCKED;
      nw &= ~RwSem.HANDOFF;
      if (list.size() == 1) {
        nw &= ~RwSem.WAITERS;
      }
    }
    k.setLocal(COUNT, count);
    k.setLocal(NEW, nw);
    k.cas(line, RwSem.COUNT, count, nw);
    k.next(WAIT + 7);
  }
}
