package org.locksim.lock.sleep;

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
import org.locksim.sched.Kernel;
import org.locksim.sched.Routine;
import org.locksim.sched.Task;
import org.locksim.sched.WaitQueue;
import org.locksim.sched.WaitReason;

/**
 * Linux's mutex since 4.10 ("locking/mutex: Rework mutex::owner", Peter Zijlstra, 2016), as in
 * v5.12 kernel/locking/mutex.c: the owner word holds the owning task and three flag bits, the
 * optimistic spinners queue on an {@link OptimisticSpinQueue} so that one at a time spins on the
 * owner, and a waiter that wakes and loses to a spinner sets HANDOFF, so that the next unlock
 * gives the mutex to it directly (the starvation fix of "locking/mutex: Add lock handoff to
 * avoid starvation", 4.10).
 *
 * <pre>
 * mutex_lock:   if (cmpxchg(&amp;owner, 0, current) == 0) return;              fast path
 * slowpath:     preempt_disable();
 *               if (trylock() || optimistic_spin(NULL)) return;
 *               spin_lock(&amp;wait_lock); if (trylock()) goto skip_wait;
 *               list_add_tail(waiter); if (first) owner |= WAITERS; set_current_state();
 *               for (;;) {
 *                 if (trylock()) goto acquired;
 *                 spin_unlock(&amp;wait_lock); schedule_preempt_disabled();
 *                 if (!first &amp;&amp; (first = is_first(waiter))) owner |= HANDOFF;
 *                 set_current_state(); if (trylock() || (first &amp;&amp; optimistic_spin(waiter))) break;
 *                 spin_lock(&amp;wait_lock);
 *               }
 *               spin_lock(&amp;wait_lock);
 * acquired:     list_del(waiter); if (list_empty) owner &amp;= ~FLAGS;
 * skip_wait:    spin_unlock(&amp;wait_lock); preempt_enable();
 * trylock:      owner = READ; loop { task = owner &amp; ~FLAGS; if (task &amp;&amp; !(task == current &amp;&amp; PICKUP)) fail;
 *                 cmpxchg(owner, current | flags &amp; ~(PICKUP|HANDOFF)) }
 * optimistic_spin(waiter): if (!waiter &amp;&amp; (!can_spin_on_owner() || !osq_lock())) goto fail;
 *               for (;;) { if (!(owner = trylock_or_owner())) break;
 *                 if (!spin_on_owner(owner)) goto fail_unlock; cpu_relax(); }   -- while owner unchanged,
 *               if (!waiter) osq_unlock(); return true;                        -- on a CPU, no need_resched
 * mutex_unlock: if (cmpxchg(&amp;owner, current, 0) == current) return;
 *               loop { if (owner &amp; HANDOFF) break; cmpxchg(owner, owner &amp; FLAGS); if (!WAITERS) return; }
 *               spin_lock(&amp;wait_lock); next = first waiter; wake_up(next);
 *               if (HANDOFF) owner = next | WAITERS-as-was | PICKUP; spin_unlock(&amp;wait_lock);
 * </pre>
 *
 * <p>The owner word is the task's id plus one shifted past the flags. {@code wait_lock} is a
 * {@link QSpinLock} (v5.12's spinlock_t on x86) and {@code osq} the word after the owner, all on
 * the mutex's line as {@code struct mutex} declares them. The wait list and its wake-ups are
 * those of {@link LinuxMutex}: a woken waiter stays on the list until it has the mutex. The
 * wake-up is issued before wait_lock is released rather than from the wake_q after it.
 */
@LockSpec(name = "mutex.osq", summary = "Linux 4.10+ mutex (v5.12): owner word with flags, osq-queued spinning on the owner, hand-off against starvation")
public final class OsqMutex extends Lock {
  public static final List<ParamSpec> PARAMS = List.of();

  static final int OWNER = 0;
  static final int OSQ = 1;
  private static final long WAITERS = MutexOwner.WAITERS;
  private static final long HANDOFF = MutexOwner.HANDOFF;
  private static final long PICKUP = MutexOwner.PICKUP;
  private static final long FLAGS = MutexOwner.FLAGS;

  private static final int SPIN = 10;
  private static final int FAIL = 20;
  private static final int WAIT = 30;
  private static final int ACQUIRED = 50;

  private final WaitQueue waitList;
  private final QSpinLock waitLock;
  private final OptimisticSpinQueue osq;
  private final Routine trylock;
  private long handOffs;

  public OsqMutex(LockEnv env, LockParams params) {
    super(env, "mutex.osq", 2);
    routines(Routine.named("mutex_lock", this::lockStep),
        Routine.named("mutex_unlock", this::unlockStep));
    this.waitList = new WaitQueue(env.name() + " wait_list");
    this.waitLock = new QSpinLock(new LockEnv(env.name() + " wait_lock", env.machine(), line),
        LockParams.defaults(QSpinLock.PARAMS));
    this.osq = new OptimisticSpinQueue(env.machine(), line, OSQ);
    this.trylock = MutexOwner.trylock(line, OWNER);
  }

  /** Unlocks that handed the mutex to the first waiter, which had set HANDOFF. */
  public long handOffs() {
    return handOffs;
  }

  private static long current(Task t) {
    return MutexOwner.of(t);
  }

  private static Task ownerTask(Kernel k, long owner) {
    return MutexOwner.task(k, owner);
  }

  // locals: 0 waiter-spinner (1) or not, 1 first, 2 owner seen
  private void lockStep(Kernel k) {
    long cur = current(k.task());
    switch (k.pc()) {
      case 0 -> {
        FastPaths.enter(k);
        k.cas(line, OWNER, 0, cur);
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
          k.preemptDisable();
          k.call(trylock);
          k.next(2);
        }
      }
      case 2 -> {
        if (k.result() == 0) {
          k.next(ACQUIRED + 5);
        } else if (k.needResched()) {
          k.next(FAIL);
        } else {
          // mutex_can_spin_on_owner: the owner read just now is on a CPU (or there is none).
          Task owner = ownerTask(k, k.result());
          if (owner != null && !k.onCpu(owner)) {
            k.next(FAIL);
          } else {
            k.call(osq.lock());
            k.next(3);
          }
        }
      }
      case 3 -> k.next(k.result() != 0 ? SPIN : FAIL);
      // the spin loop of mutex_optimistic_spin
      case SPIN -> {
        k.call(trylock);
        k.next(SPIN + 1);
      }
      case SPIN + 1 -> {
        long owner = k.result();
        if (owner == 0) {
          if (k.local(0) == 0) {
            k.call(osq.unlock());
            k.next(ACQUIRED + 5);
          } else {
            k.call(waitLock.acquire());
            k.next(ACQUIRED);
          }
        } else {
          Task o = ownerTask(k, owner);
          if (!k.onCpu(o) || k.needResched()) {
            k.next(FAIL - 1);
          } else {
            // mutex_spin_on_owner: while (__mutex_owner(lock) == owner), flags aside.
            k.spinWhileMasked(line, OWNER, ~FLAGS, owner, 0, o, true);
            k.next(SPIN + 2);
          }
        }
      }
      case SPIN + 2 -> {
        if (WaitReason.of(k.result()) == WaitReason.LINE_WRITTEN) {
          k.exec(Instr.PAUSE, 1);
          k.next(SPIN);
        } else {
          k.next(FAIL - 1);
        }
      }
      case FAIL - 1 -> {
        // fail_unlock
        if (k.local(0) == 0) {
          k.call(osq.unlock());
        }
        k.next(FAIL);
      }
      case FAIL -> {
        if (k.needResched() && k.local(0) == 0) {
          // schedule_preempt_disabled() before the wait: the spinner is still TASK_RUNNING.
          k.preemptEnable();
          k.yield();
          k.next(FAIL + 1);
        } else {
          k.next(FAIL + 2);
        }
      }
      case FAIL + 1 -> {
        k.preemptDisable();
        k.next(FAIL + 2);
      }
      case FAIL + 2 -> {
        k.call(waitLock.acquire());
        k.next(k.local(0) == 0 ? WAIT : WAIT + 3);
      }
      // the wait path, holding wait_lock
      case WAIT -> {
        k.call(trylock);
        k.next(WAIT + 1);
      }
      case WAIT + 1 -> {
        if (k.result() == 0) {
          k.call(waitLock.release());
          k.next(ACQUIRED + 5);
        } else {
          k.prepareToWait(waitList);
          if (first() == k.task().id()) {
            k.fetchOr(line, OWNER, WAITERS);
          }
          k.next(WAIT + 3);
        }
      }
      case WAIT + 3 -> {
        k.call(trylock);
        k.next(WAIT + 4);
      }
      case WAIT + 4 -> {
        if (k.result() == 0) {
          k.next(ACQUIRED);
        } else {
          k.call(waitLock.release());
          k.next(WAIT + 5);
        }
      }
      case WAIT + 5 -> {
        k.preemptEnable();
        k.schedule();
        k.next(WAIT + 6);
      }
      case WAIT + 6 -> {
        k.preemptDisable();
        k.prepareToWaitAgain(waitList);
        if (k.local(1) == 0 && first() == k.task().id()) {
          // The first waiter, woken: from now on an unlock must hand the mutex to it.
          k.setLocal(1, 1);
          k.fetchOr(line, OWNER, HANDOFF);
        }
        k.next(WAIT + 7);
      }
      case WAIT + 7 -> {
        k.call(trylock);
        k.next(WAIT + 8);
      }
      case WAIT + 8 -> {
        if (k.result() == 0) {
          k.call(waitLock.acquire());
          k.next(ACQUIRED);
        } else if (k.local(1) != 0) {
          // The first waiter spins on the owner too, without the osq.
          k.setLocal(0, 1);
          k.next(SPIN + 1);
        } else {
          k.call(waitLock.acquire());
          k.next(WAIT + 3);
        }
      }
      // acquired, holding wait_lock: leave the list
      case ACQUIRED -> {
        k.finishWait(waitList);
        if (waitList.isEmpty()) {
          k.fetchAndNot(line, OWNER, FLAGS);
        }
        k.next(ACQUIRED + 1);
      }
      case ACQUIRED + 1 -> {
        k.call(waitLock.release());
        k.next(ACQUIRED + 5);
      }
      case ACQUIRED + 5 -> {
        k.preemptEnable();
        acquired(k);
        k.ret(0);
      }
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }

  // locals: 0 owner, 1 next waiter's id + 1
  private void unlockStep(Kernel k) {
    long cur = current(k.task());
    switch (k.pc()) {
      case 0 -> {
        FastPaths.enter(k);
        released(k);
        k.cas(line, OWNER, cur, 0);
        k.next(1);
      }
      case 1 -> {
        FastPaths.testResult(k);
        if (k.result() == cur) {
          k.ret(0);
        } else {
          k.exec(Instr.CALL, 1);
          releaseOrHandoff(k, k.result());
        }
      }
      case 2 -> {
        long old = k.result();
        long owner = k.local(0);
        if (old != owner) {
          releaseOrHandoff(k, old);
        } else if ((owner & WAITERS) != 0) {
          k.call(waitLock.acquire());
          k.next(3);
        } else {
          k.ret(0);
        }
      }
      case 3 -> {
        long next = first() + 1L;
        k.setLocal(1, next);
        k.wakeFirstInPlace(waitList);
        if ((k.local(0) & HANDOFF) != 0) {
          k.load(line, OWNER);
          k.next(4);
        } else {
          k.next(6);
        }
      }
      case 4 -> handoff(k, k.result());
      case 5 -> {
        if (k.result() != k.local(0)) {
          handoff(k, k.result());
        } else {
          handOffs += k.local(1) != 0 ? 1 : 0;
          k.next(6);
        }
      }
      case 6 -> {
        k.call(waitLock.release());
        k.next(7);
      }
      case 7 -> k.ret(0);
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }

  /** The unlock slow path's loop: keep the owner for a hand-off, else clear it to the flags. */
  private void releaseOrHandoff(Kernel k, long owner) {
    k.setLocal(0, owner);
    if ((owner & HANDOFF) != 0) {
      k.call(waitLock.acquire());
      k.next(3);
    } else {
      k.cas(line, OWNER, owner, owner & FLAGS);
      k.next(2);
    }
  }

  /** {@code __mutex_handoff}: owner = next waiter | PICKUP, WAITERS kept; by cmpxchg. */
  private void handoff(Kernel k, long owner) {
    long next = k.local(1);
    long value = (owner & WAITERS) | (next << 3) | (next != 0 ? PICKUP : 0);
    k.setLocal(0, owner);
    k.cas(line, OWNER, owner, value);
    k.next(5);
  }

  /** The id of the task at the head of the wait list, or -1 ({@code __mutex_waiter_is_first}). */
  private int first() {
    return waitList.isEmpty() ? -1 : waitList.snapshot()[0];
  }

  @Override
  protected List<WaitQueue> waitQueues() {
    return List.of(waitList);
  }

  /**
   * The lock events of the mutex's {@code wait_lock}, a qspinlock whose slow path counts as every
   * spin lock's does; the mutex itself counts none.
   */
  @Override
  public Map<String, Long> lockEvents() {
    return waitLock.lockEvents();
  }
}
