package org.locksim.lock.rw;

import static org.locksim.lock.rw.RwSem.COUNT;
import static org.locksim.lock.rw.RwSem.HANDOFF;
import static org.locksim.lock.rw.RwSem.OWNER;
import static org.locksim.lock.rw.RwSem.OWNER_WRITER;
import static org.locksim.lock.rw.RwSem.RD_NONSPINNABLE;
import static org.locksim.lock.rw.RwSem.READER_BIAS;
import static org.locksim.lock.rw.RwSem.READER_OWNED;
import static org.locksim.lock.rw.RwSem.WRITER_LOCKED;

import org.locksim.cpu.Instr;
import org.locksim.lock.sleep.OptimisticSpinQueue;
import org.locksim.machine.CacheLine;
import org.locksim.sched.Kernel;
import org.locksim.sched.Routine;
import org.locksim.sched.Task;
import org.locksim.sched.WaitReason;

/**
 * Reader optimistic spinning of Linux's rwsem, v5.3 to v5.10 (kernel/locking/rwsem.c of v5.10;
 * "locking/rwsem: Enable readers spinning on writer", cf69482d62d9, 2019; removed by
 * "locking/rwsem: Remove reader optimistic spinning", 617f3ef95177, for v5.11). A reader whose
 * fast path failed, and whose owner word neither has {@code RWSEM_RD_NONSPINNABLE} nor names a
 * writer off its CPU, takes its bias back and spins as a writer does, on the semaphore's osq:
 *
 * <pre>
 * rwsem_optimistic_spin(sem, wlock = false):
 *   preempt_disable; if (!osq_lock(&amp;sem-&gt;osq)) goto done;
 *   for (;;) { state = rwsem_spin_on_owner(sem, RD_NONSPINNABLE);  -- spins while a running writer owns it
 *              if (!(state &amp; OWNER_SPINNABLE)) break;
 *              if (rwsem_try_read_lock_unqueued(sem)) { taken = true; break; }
 *              if (state != OWNER_WRITER &amp;&amp; need_resched()) break;
 *              cpu_relax(); }
 *   osq_unlock(&amp;sem-&gt;osq);
 * done: preempt_enable; return taken;
 * rwsem_try_read_lock_unqueued(sem):
 *   if (count &amp; (WRITER_LOCKED | HANDOFF)) return false;
 *   count = fetch_add_acquire(count, READER_BIAS);
 *   if (!(count &amp; (WRITER_LOCKED | HANDOFF))) { rwsem_set_reader_owned(sem); return true; }
 *   add(count, -READER_BIAS); return false;
 * </pre>
 *
 * <p>A reader spinner has no time limit (only writers' spinning on readers has one), and it
 * ignores {@code RWSEM_FLAG_WAITERS}, so it takes the lock ahead of sleeping waiters. While
 * the count shows a writer or HANDOFF under an owner word that does not name a writer (a
 * writer between its count and owner updates, or a HANDOFF reserved for a sleeper), it waits,
 * event-driven, for those bits to clear, looking at the owner again now and then
 * ({@link RwSem#pollPs}), as {@link RwSemWriter} does.
 */
final class RwSemReaderSpin {
  private static final int SPIN = 10;
  private static final int TAKEN = 20;
  private static final int FAIL = 25;

  // Locals of the spin: 0 the owner's state.
  private static final int STATE = 0;

  private final CacheLine line;
  private final OptimisticSpinQueue osq;
  private final Routine setReaderOwned;
  private final Routine spin = Routine.named("rwsem_optimistic_spin", this::spinStep);
  private final Routine tryLock = Routine.named("rwsem_try_read_lock_unqueued", this::tryStep);

  RwSemReaderSpin(CacheLine line, OptimisticSpinQueue osq, Routine setReaderOwned) {
    this.line = line;
    this.osq = osq;
    this.setReaderOwned = setReaderOwned;
  }

  /** {@code rwsem_optimistic_spin(sem, false)}: returns 1 with the lock held for reading, else 0. */
  Routine spin() {
    return spin;
  }

  /** {@code rwsem_try_read_lock_unqueued}: returns 1 with the lock held for reading, else 0. */
  Routine tryLock() {
    return tryLock;
  }

  private void spinStep(Kernel k) {
    switch (k.pc()) {
      case 0 -> {
        k.preemptDisable();
        k.call(osq.lock());
        k.next(1);
      }
      case 1 -> {
        if (k.result() == 0) {
          k.preemptEnable();
          k.ret(0);
        } else {
          k.next(SPIN);
        }
      }
      // rwsem_spin_on_owner(sem, RWSEM_RD_NONSPINNABLE)
      case SPIN -> {
        k.load(line, OWNER);
        k.next(SPIN + 1);
      }
      case SPIN + 1 -> {
        long owner = k.result();
        if ((owner & RD_NONSPINNABLE) != 0) {
          k.next(FAIL);
        } else if ((owner & READER_OWNED) != 0 || owner == 0) {
          k.setLocal(STATE, RwSem.ownerState(owner));
          k.call(tryLock);
          k.next(SPIN + 3);
        } else {
          Task o = RwSem.ownerTask(k, owner);
          if (!k.onCpu(o) || k.needResched()) {
            k.next(FAIL);
          } else {
            k.setLocal(STATE, OWNER_WRITER);
            k.spinWhile(line, OWNER, owner, 0, o, true);
            k.next(SPIN + 2);
          }
        }
      }
      case SPIN + 2 -> {
        if (WaitReason.of(k.result()) != WaitReason.LINE_WRITTEN) {
          k.next(FAIL);
        } else {
          long owner = k.seen(OWNER);
          if ((owner & RD_NONSPINNABLE) != 0) {
            k.next(FAIL);
          } else {
            k.setLocal(STATE, RwSem.ownerState(owner));
            k.call(tryLock);
            k.next(SPIN + 3);
          }
        }
      }
      case SPIN + 3 -> {
        if (k.result() == 1) {
          k.next(TAKEN);
        } else if (k.local(STATE) == OWNER_WRITER) {
          k.exec(Instr.PAUSE, 1);
          k.next(SPIN);
        } else if (k.needResched()) {
          k.next(FAIL);
        } else {
          // No writer named, but the count shows one or HANDOFF: wait for them to clear.
          k.spinUntilMasked(line, COUNT, WRITER_LOCKED | HANDOFF, 0, RwSem.pollPs(k), null, true);
          k.next(SPIN + 4);
        }
      }
      case SPIN + 4 -> {
        if (WaitReason.of(k.result()) == WaitReason.NEED_RESCHED) {
          k.next(FAIL);
        } else {
          k.exec(Instr.PAUSE, 1);
          k.next(SPIN);
        }
      }
      case TAKEN -> {
        k.call(osq.unlock());
        k.next(TAKEN + 1);
      }
      case TAKEN + 1 -> {
        k.preemptEnable();
        k.ret(1);
      }
      case FAIL -> {
        k.call(osq.unlock());
        k.next(FAIL + 1);
      }
      case FAIL + 1 -> {
        k.preemptEnable();
        k.ret(0);
      }
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }

  private void tryStep(Kernel k) {
    switch (k.pc()) {
      case 0 -> {
        k.load(line, COUNT);
        k.next(1);
      }
      case 1 -> {
        if ((k.result() & (WRITER_LOCKED | HANDOFF)) != 0) {
          k.ret(0);
        } else {
          k.fetchAdd(line, COUNT, READER_BIAS);
          k.next(2);
        }
      }
      case 2 -> {
        if ((k.result() & (WRITER_LOCKED | HANDOFF)) != 0) {
          k.fetchAdd(line, COUNT, -READER_BIAS);
          k.next(3);
        } else {
          k.call(setReaderOwned);
          k.next(4);
        }
      }
      case 3 -> k.ret(0);
      case 4 -> k.ret(1);
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }
}
