package org.locksim.lock.rw;

import java.util.LinkedHashMap;
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
import org.locksim.lock.sleep.OptimisticSpinQueue;
import org.locksim.sched.Kernel;
import org.locksim.sched.Routine;
import org.locksim.sched.Task;
import org.locksim.sched.WaitQueue;

/**
 * Linux's reader-writer semaphore as in v5.12, kernel/locking/rwsem.c (Waiman Long's 5.3
 * rework, with reader optimistic lock stealing and without reader spinning, as 5.11 left it).
 * The count word holds {@code RWSEM_WRITER_LOCKED} (bit 0), {@code RWSEM_FLAG_WAITERS} (bit 1),
 * {@code RWSEM_FLAG_HANDOFF} (bit 2) and the reader count from bit 8; the owner word holds the
 * owning writer, or the last reader with {@code RWSEM_READER_OWNED}, and
 * {@code RWSEM_NONSPINNABLE}. Writers spin on a running owner, one at a time through the
 * {@link OptimisticSpinQueue} ({@link RwSemWriter}); waiters sleep on a FIFO list under
 * {@code wait_lock} ({@link RwSemWaitList}), from which a wake-up takes every queued reader at
 * once; the read side is {@link RwSemReader}.
 *
 * <pre>
 * down_read:  count = add_return_acquire(count, READER_BIAS); if (!(count &amp; READ_FAILED_MASK)) set_reader_owned;
 *   slowpath: if (owner is a reader &amp;&amp; rcnt &gt; 1 &amp;&amp; !(count &amp; WRITER_LOCKED)) goto queue;
 *             if (!(count &amp; (WRITER_LOCKED|HANDOFF))) { set_reader_owned;        -- lock stealing
 *               if (rcnt == 1 &amp;&amp; (count &amp; WAITERS)) { lock wait_lock; mark_wake(READ_OWNED); unlock; wake_up_q } return; }
 *   queue:    lock wait_lock; adjustment = -READER_BIAS;
 *             if (list empty) { if (!(count &amp; (WRITER_MASK|HANDOFF))) { unlock; set_reader_owned; return; }
 *                               adjustment += WAITERS; }
 *             list_add_tail; count = add_return(count, adjustment);
 *             if (!(count &amp; LOCK_MASK) || (!(count &amp; WRITER_MASK) &amp;&amp; (adjustment &amp; WAITERS))) mark_wake(ANY);
 *             unlock wait_lock; wake_up_q; for (;;) { set_current_state; if (!waiter.task) break; schedule(); }
 * up_read:    tmp = add_return_release(count, -READER_BIAS);
 *             if ((tmp &amp; (LOCK_MASK|WAITERS)) == WAITERS) { clear_nonspinnable; rwsem_wake(); }
 * down_write: if (cmpxchg_acquire(count, 0, WRITER_LOCKED) == 0) { owner = current; return; }
 *   slowpath: if (can_spin_on_owner &amp;&amp; optimistic_spin()) return;
 *             lock wait_lock; wstate = list empty ? FIRST : NOT_FIRST; list_add_tail;
 *             if (NOT_FIRST) { if (!(count &amp; WRITER_MASK)) { mark_wake(readers in count ? READERS : ANY);
 *                 if (wake_q not empty) { unlock wait_lock; wake_up_q; lock wait_lock } } }
 *             else or(count, WAITERS);
 *             set_current_state; for (;;) { if (try_write_lock(wstate)) break; unlock wait_lock;
 *               if (wstate == HANDOFF &amp;&amp; spin_on_owner() == OWNER_NULL) goto again;
 *               for (;;) { schedule(); set_current_state; if (wstate == HANDOFF) break;
 *                 if (NOT_FIRST &amp;&amp; first) wstate = FIRST; if (!(count &amp; LOCK_MASK)) break;
 *                 if (FIRST &amp;&amp; timed out) { wstate = HANDOFF; break; } }
 *   again:      lock wait_lock; }
 *             list_del; unlock wait_lock;
 * try_write_lock(wstate): loop { if (HANDOFF set &amp;&amp; NOT_FIRST) fail;
 *               if (count &amp; LOCK_MASK) { if (HANDOFF set || wstate != HANDOFF) fail; new = count | HANDOFF; }
 *               else new = (count | WRITER_LOCKED) &amp; ~HANDOFF, &amp; ~WAITERS if alone on the list;
 *               cmpxchg_acquire } ; succeed unless new has HANDOFF
 * optimistic_spin: osq_lock; for (;;) { state = spin_on_owner();                 -- on a running writer
 *               if (!spinnable) break; if (try_write_lock_unqueued()) break;
 *               if (reader-owned) { first time: threshold = now + (20 + min(readers, 30)) us / 2;
 *                 past it: set NONSPINNABLE, break; } if (!writer &amp;&amp; need_resched()) break; cpu_relax(); }
 *             osq_unlock;
 * up_write:   owner = 0; tmp = fetch_add_release(count, -WRITER_LOCKED); if (tmp &amp; WAITERS) rwsem_wake();
 * rwsem_wake: lock wait_lock; if (list not empty) mark_wake(ANY); unlock wait_lock; wake_up_q
 * </pre>
 *
 * <p>The timeout of a waiter ({@code RWSEM_WAIT_TIMEOUT}, {@code DIV_ROUND_UP(HZ, 250)} jiffies)
 * counts jiffies as the kernel does: {@code time_after(jiffies, timeout)} holds from the jiffy
 * after {@code jiffies + RWSEM_WAIT_TIMEOUT}, 4 to 5 ms after queueing at HZ=1000. A writer
 * spinning on a reader-owned rwsem waits for the count to have no holder and looks at the owner
 * again every {@link #POLL_PAUSES} pauses. {@code struct rw_semaphore}'s count, owner, osq,
 * wait_lock and list head share the line.
 */
@LockSpec(name = "rw.rwsem", summary = "Linux rwsem (v5.12, or v5.10 with reader optimistic spinning): count word with reader count and flags, writer osq spinning, reader lock stealing, reader batching")
public final class RwSem extends SplitRwLock {
  public static final List<ParamSpec> PARAMS = List.of(
      ParamSpec.choice("version", "v5.12", List.of("v5.12", "v5.10"),
          "rwsem.c of v5.12 (reader lock stealing, one NONSPINNABLE bit) or of v5.10 (readers spin"
              + " on the osq as writers do, RD and WR NONSPINNABLE bits, no reader lock stealing)"));

  static final int COUNT = 0;
  static final int OWNER = 1;
  static final int OSQ = 2;
  static final int LIST = 3;

  static final long WRITER_LOCKED = 1;
  static final long WAITERS = 2;
  static final long HANDOFF = 4;
  static final long READER_BIAS = 1L << 8;
  static final long WRITER_MASK = WRITER_LOCKED;
  static final long READER_MASK = ~(READER_BIAS - 1);
  static final long LOCK_MASK = WRITER_MASK | READER_MASK;
  static final long READ_FAILED_MASK = WRITER_MASK | WAITERS | HANDOFF;

  static final long READER_OWNED = 1;
  /** v5.12's {@code RWSEM_NONSPINNABLE}; v5.10's {@code RWSEM_RD_NONSPINNABLE} is the same bit. */
  static final long NONSPINNABLE = 2;
  static final long RD_NONSPINNABLE = 2;
  /** v5.10's {@code RWSEM_WR_NONSPINNABLE}. */
  static final long WR_NONSPINNABLE = 4;

  private static final int POLL_PAUSES = 50;

  /** {@code rwsem_spin_on_owner}'s owner states (NONSPINNABLE is told apart by its bits). */
  static final long OWNER_NULL = 0;
  static final long OWNER_WRITER = 1;
  static final long OWNER_READER = 2;
  /** The owner word's flag bits (three in v5.10; v5.12 uses two of them). */
  private static final int FLAG_BITS = 3;

  private final QSpinLock waitLock;
  private final OptimisticSpinQueue osq;
  private final RwSemWaitList list;
  private final Routine wake;
  private final RwSemWriter writer;
  /** v5.10's rwsem.c: readers spin ({@link RwSemReaderSpin}), two NONSPINNABLE bits. */
  final boolean v510;
  /** v5.12's lock events; counted in either version, reported for v5.12 only. */
  final RwSemEvents events = new RwSemEvents();

  public RwSem(LockEnv env, LockParams params) {
    super(env, "rw.rwsem", 4);
    this.v510 = params.choice("version").equals("v5.10");
    this.waitLock = new QSpinLock(new LockEnv(env.name() + " wait_lock", env.machine(), line),
        LockParams.defaults(QSpinLock.PARAMS));
    this.osq = new OptimisticSpinQueue(env.machine(), line, OSQ);
    long tick = env.machine().kernel().tickPs();
    int hz = env.machine().kernel().hz();
    this.list = new RwSemWaitList(env.name() + " wait_list", line, (hz + 249) / 250, tick, events);
    this.wake = Routine.named("rwsem_wake", this::wakeStep);
    this.writer = new RwSemWriter(this, line, waitLock, osq, list);
    routines(Routine.named("down_write", writer::lockStep),
        Routine.named("up_write", this::writeUnlockStep));
    RwSemReader reader = new RwSemReader(this, line, waitLock, osq, list, wake);
    readRoutines(Routine.named("down_read", reader::lockStep),
        Routine.named("up_read", reader::unlockStep));
  }

  /**
   * The lock events of the {@code wait_lock} (a qspinlock, whose slow path counts as every
   * spin lock's does), then v5.12's rwsem events ({@link RwSemEvents}). v5.10's rwsem.c counts
   * another list (its readers' optimistic spinning has events of its own), which is not kept:
   * with {@code version} v5.10 only the {@code wait_lock}'s are given.
   */
  @Override
  public Map<String, Long> lockEvents() {
    Map<String, Long> out = new LinkedHashMap<>(waitLock.lockEvents());
    if (!v510) {
      out.putAll(events.asMap());
    }
    return out;
  }

  /** The owner word of a writer: its id plus one above the flags. */
  static long writerOwner(Task t) {
    return (t.id() + 1L) << FLAG_BITS;
  }

  /** The owner word naming reader {@code id}. */
  static long readerOwner(int id) {
    return ((id + 1L) << FLAG_BITS) | READER_OWNED;
  }

  /** The task part of an owner word, its flags left out. */
  static long ownerTaskPart(long owner) {
    return owner >>> FLAG_BITS;
  }

  /** The owner state an owner word without NONSPINNABLE bits gives: readers, none or a writer. */
  static long ownerState(long owner) {
    return (owner & READER_OWNED) != 0 ? OWNER_READER : owner == 0 ? OWNER_NULL : OWNER_WRITER;
  }

  /**
   * {@code rwsem_can_spin_on_owner(sem, nonspinnable)} with the owner word read: no
   * need_resched, no {@code nonspinnable} bit, and no writer owner off its CPU.
   */
  static boolean canSpinOnOwner(Kernel k, long owner, long nonspinnable) {
    Task o = ownerTask(k, owner);
    return !k.needResched() && (owner & nonspinnable) == 0 && (o == null || k.onCpu(o));
  }

  /** How long a spinner waits, event-driven, before it looks at the owner again. */
  static long pollPs(Kernel k) {
    return POLL_PAUSES * k.cpu().ps(Instr.PAUSE);
  }

  /** The writer an owner word names, or null (none, or readers). */
  static Task ownerTask(Kernel k, long owner) {
    return (owner & READER_OWNED) != 0 ? null : k.taskById((int) (owner >>> FLAG_BITS) - 1);
  }

  /** The owner bit that stops a writer's spinning: v5.12's NONSPINNABLE, v5.10's WR bit. */
  long writerNonspinnable() {
    return v510 ? WR_NONSPINNABLE : NONSPINNABLE;
  }

  /** Every NONSPINNABLE bit of the version ({@code RWSEM_NONSPINNABLE}). */
  long anyNonspinnable() {
    return v510 ? RD_NONSPINNABLE | WR_NONSPINNABLE : NONSPINNABLE;
  }

  /**
   * The bit an {@code up_read} or a queueing reader clears when nothing holds the lock and
   * waiters wait: v5.12's {@code clear_nonspinnable}, v5.10's {@code clear_wr_nonspinnable}.
   */
  long clearedWhenFree() {
    return v510 ? WR_NONSPINNABLE : NONSPINNABLE;
  }

  /** {@code sem->wait_lock}. */
  Lock waitLock() {
    return waitLock;
  }

  private void writeUnlockStep(Kernel k) {
    switch (k.pc()) {
      case 0 -> {
        FastPaths.enter(k);
        released(k);
        k.store(line, OWNER, 0);  // rwsem_clear_owner()
        k.next(1);
      }
      case 1 -> {
        k.fetchAdd(line, COUNT, -WRITER_LOCKED);
        k.next(2);
      }
      case 2 -> {
        FastPaths.testResult(k);
        if ((k.result() & WAITERS) != 0) {
          k.exec(Instr.CALL, 1);
          k.call(wake);
          k.next(3);
        } else {
          k.ret(0);
        }
      }
      case 3 -> k.ret(0);
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }

  /**
   * {@code rwsem_wake}: mark_wake(ANY) under wait_lock when the list has waiters, then
   * {@code wake_up_q} after the unlock.
   */
  private void wakeStep(Kernel k) {
    switch (k.pc()) {
      case 0 -> {
        k.call(waitLock.acquire());
        k.next(1);
      }
      case 1 -> {
        k.load(line, LIST);
        k.next(2);
      }
      case 2 -> {
        if (!list.isEmpty()) {
          k.call(list.markWake(RwSemWaitList.WakeType.ANY));
        }
        k.next(3);
      }
      case 3 -> {
        k.call(waitLock.release());
        k.next(4);
      }
      case 4 -> {
        list.wakeUpQ(k);
        k.ret(0);
      }
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }

  /**
   * Not within the contract's short windows: spinning writers and stealing readers beat a
   * sleeping waiter until it has waited {@code RWSEM_WAIT_TIMEOUT} (4 to 5 ms at HZ=1000) and
   * HANDOFF is set, and a spinner whose holder was preempted between its count and owner updates
   * spins until need_resched (v5.12's {@code up_write} and {@code down_write} leave preemption on
   * there; "locking/rwsem: Disable preemption while trying for rwsem lock", 2022, closed that
   * window). HANDOFF bounds one waiter's wait only while the waiter it reserves the lock for
   * runs: a woken HANDOFF waiter that finds its CPU taken by a task of about its own virtual
   * runtime waits for that task's slice (10 ms with two tasks per CPU), the lock idle for it
   * meanwhile, and the waiters queued behind it wait for each such turn. In the contract's run
   * of 32 tasks on 16 CPUs (30 ms, seed 20240324) a writer queued at 10.4 ms was still asleep
   * at 30 ms behind two such waiters, each runnable for 10 ms. So a waiter may go without the
   * lock for longer than a contract run, though not for ever.
   */
  @Override
  public boolean starvationFree() {
    return false;
  }

  @Override
  protected List<WaitQueue> waitQueues() {
    return list.queues();
  }
}
