package org.locksim.lock.rw;

import static org.locksim.lock.rw.RwSem.OWNER_NULL;
import static org.locksim.lock.rw.RwSem.OWNER_READER;
import static org.locksim.lock.rw.RwSem.OWNER_WRITER;
import static org.locksim.lock.rw.RwSemWriter.COUNT;
import static org.locksim.lock.rw.RwSemWriter.PREV;
import static org.locksim.lock.rw.RwSemWriter.SPIN;
import static org.locksim.lock.rw.RwSemWriter.SPIN_FAIL;
import static org.locksim.lock.rw.RwSemWriter.STATE;
import static org.locksim.lock.rw.RwSemWriter.TAKEN;
import static org.locksim.lock.rw.RwSemWriter.THRESHOLD;

import org.locksim.cpu.Instr;
import org.locksim.lock.sleep.OptimisticSpinQueue;
import org.locksim.machine.CacheLine;
import org.locksim.sched.Kernel;
import org.locksim.sched.Task;
import org.locksim.sched.WaitReason;

/**
 * A writer's optimistic spinning in {@link RwSem}'s {@code down_write}: the loop of
 * {@code rwsem_optimistic_spin} on the semaphore's osq, {@code rwsem_spin_on_owner} (spin while
 * a running writer owns it; on a reader-owned or ownerless semaphore, wait for the count to
 * clear, for at most {@code rwsem_rspin_threshold()} while readers own it) and
 * {@code rwsem_try_write_lock_unqueued}. Steps of {@link RwSemWriter}'s routine, from
 * {@link RwSemWriter#SPIN} to {@link RwSemWriter#SPIN_FAIL} + 1, in the writer's frame: the
 * lock spun for ends at {@link RwSemWriter#TAKEN} + 5, a failed spin goes on to queue.
 */
final class RwSemWriterSpin {
  private final RwSem sem;
  private final CacheLine line;
  private final OptimisticSpinQueue osq;
  private final RwSemWriter writer;

  RwSemWriterSpin(RwSem sem, CacheLine line, OptimisticSpinQueue osq, RwSemWriter writer) {
    this.sem = sem;
    this.line = line;
    this.osq = osq;
    this.writer = writer;
  }

  /** The step at {@code k.pc()} of a writer whose owner word value is {@code cur}. */
  void step(Kernel k, long cur) {
    switch (k.pc()) {
      case SPIN -> {
        k.load(line, RwSem.OWNER);
        k.next(SPIN + 1);
      }
      case SPIN + 1 -> {
        long owner = k.result();
        if ((owner & sem.writerNonspinnable()) != 0) {
          k.next(SPIN_FAIL);
        } else if ((owner & RwSem.READER_OWNED) != 0) {
          k.setLocal(STATE, OWNER_READER);
          k.next(SPIN + 3);
        } else if (owner == 0) {
          k.setLocal(STATE, OWNER_NULL);
          k.next(SPIN + 3);
        } else {
          Task o = RwSem.ownerTask(k, owner);
          if (!k.onCpu(o) || k.needResched()) {
            k.next(SPIN_FAIL);
          } else {
            k.setLocal(STATE, OWNER_WRITER);
            k.spinWhile(line, RwSem.OWNER, owner, 0, o, true);
            k.next(SPIN + 2);
          }
        }
      }
      case SPIN + 2 -> {
        if (WaitReason.of(k.result()) != WaitReason.LINE_WRITTEN) {
          k.next(SPIN_FAIL);
        } else {
          long owner = k.seen(RwSem.OWNER);
          if ((owner & sem.writerNonspinnable()) != 0) {
            k.next(SPIN_FAIL);
          } else {
            k.setLocal(STATE, RwSem.ownerState(owner));
            k.next(SPIN + 3);
          }
        }
      }
      // rwsem_try_write_lock_unqueued
      case SPIN + 3 -> {
        k.load(line, RwSem.COUNT);
        k.next(SPIN + 4);
      }
      case SPIN + 4 -> tryUnqueued(k, k.result());
      case SPIN + 5 -> {
        if (k.result() == k.local(COUNT)) {
          sem.events.optLock++;
          k.store(line, RwSem.OWNER, cur);
          k.next(SPIN + 9);
        } else {
          tryUnqueued(k, k.result());
        }
      }
      case SPIN + 6 -> afterFailedTry(k);
      case SPIN + 7 -> {
        // The wait on a reader-owned or ownerless rwsem has ended.
        WaitReason why = WaitReason.of(k.result());
        if (why == WaitReason.NEED_RESCHED) {
          k.next(SPIN_FAIL);
        } else if (k.local(STATE) == OWNER_READER && k.now() >= k.local(THRESHOLD)) {
          // rwsem_set_nonspinnable(): the readers held it too long (v5.10 sets RD and WR)
          sem.events.optNospin++;
          k.fetchOr(line, RwSem.OWNER, sem.anyNonspinnable());
          k.next(SPIN_FAIL);
        } else {
          k.exec(Instr.PAUSE, 1);
          k.setLocal(PREV, k.local(STATE));
          k.next(SPIN);
        }
      }
      case SPIN + 9 -> {
        k.call(osq.unlock());
        k.next(SPIN + 10);
      }
      case SPIN + 10 -> {
        k.preemptEnable();
        k.next(TAKEN + 5);
      }
      case SPIN_FAIL -> {
        sem.events.optFail++;
        k.call(osq.unlock());
        k.next(SPIN_FAIL + 1);
      }
      case SPIN_FAIL + 1 -> {
        k.preemptEnable();
        writer.toQueue(k);
      }
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }

  /** One pass of rwsem_try_write_lock_unqueued with {@code count} read. */
  private void tryUnqueued(Kernel k, long count) {
    if ((count & (RwSem.LOCK_MASK | RwSem.HANDOFF)) == 0) {
      k.setLocal(COUNT, count);
      k.cas(line, RwSem.COUNT, count, count | RwSem.WRITER_LOCKED);
      k.next(SPIN + 5);
    } else {
      k.setLocal(COUNT, count);
      k.next(SPIN + 6);
    }
  }

  /** The rest of the spin loop's pass after a failed trylock. */
  private void afterFailedTry(Kernel k) {
    long state = k.local(STATE);
    if (state == OWNER_WRITER) {
      k.exec(Instr.PAUSE, 1);
      k.setLocal(PREV, state);
      k.next(SPIN);
      return;
    }
    if (k.needResched()) {
      k.next(SPIN_FAIL);
      return;
    }
    if (state == OWNER_READER && k.local(PREV) != OWNER_READER) {
      // rwsem_rspin_threshold(): (20 + readers, at most 30) microseconds over two
      long readers = Math.min(30, k.local(COUNT) >>> 8);
      k.setLocal(THRESHOLD, k.now() + (20 + readers) * 500_000L);
    }
    long timeout = RwSem.pollPs(k);
    if (state == OWNER_READER) {
      timeout = Math.max(1, Math.min(timeout, k.local(THRESHOLD) - k.now()));
    }
    // Spin until the count has no holder and no HANDOFF, looking at the owner again now and then.
    k.spinUntilMasked(line, RwSem.COUNT, RwSem.LOCK_MASK | RwSem.HANDOFF, 0, timeout, null, true);
    k.next(SPIN + 7);
  }
}
