package org.locksim.lock.queued;

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
import org.locksim.lock.spin.Spin;
import org.locksim.machine.CacheLine;
import org.locksim.machine.Machine;
import org.locksim.sched.Kernel;
import org.locksim.sched.Routine;
import org.locksim.sched.WaitReason;

/**
 * Linux's queued spin lock as in v5.12: kernel/locking/qspinlock.c ({@code
 * queued_spin_lock_slowpath}), include/asm-generic/qspinlock.h (the fast path, trylock and
 * unlock), arch/x86/include/asm/qspinlock.h ({@code lock bts} for the pending bit,
 * {@code _Q_PENDING_LOOPS}) and kernel/locking/mcs_spinlock.h (the MCS hand-off); first merged
 * in 4.2 (Waiman Long and Peter Zijlstra, 2015). The word is laid out in {@link QWord}; the
 * MCS nodes are per CPU ({@link QNodes}).
 *
 * <pre>
 * lock:     if (cmpxchg(val, 0, LOCKED) == 0) return;                      fast path
 * slowpath: if (val == PENDING) wait while val == PENDING, at most _Q_PENDING_LOOPS passes;
 *           if (val &amp; ~LOCKED_MASK) goto queue;
 *           val = fetch_set_pending (lock bts, then a load of the other fields);
 *           if (val &amp; ~LOCKED_MASK) { if (!(val &amp; PENDING_MASK)) pending = 0; goto queue; }
 *           if (val &amp; LOCKED_MASK) wait until !(val &amp; LOCKED_MASK);
 *           locked_pending = LOCKED (16-bit store); return;                 the pending waiter
 * queue:    idx = node[0].count++; node = &amp;node[idx]; node->locked = 0; node->next = NULL;
 *           if (trylock) goto release;
 *           old = xchg_tail(tail) (16-bit xchg);
 *           if (old has a tail) { prev->next = node; wait until node->locked;
 *                                 next = node->next; if (next) prefetchw(next); }
 *           val = wait until !(val &amp; LOCKED_PENDING_MASK);                  the queue head
 *           if ((val &amp; TAIL_MASK) == tail &amp;&amp; cmpxchg(val, LOCKED)) goto release;
 *           locked = 1 (byte store); if (!next) wait until node->next; next->locked = 1;
 * release:  node[0].count--;
 * unlock:   smp_store_release(&amp;locked, 0)
 * </pre>
 *
 * <p>With one waiter the pending bit serves and no MCS node is touched; with more, only the
 * pending waiter and the queue head read the lock word, and every other waiter spins on its
 * own node's line. The slow path's four hooks ({@code pv_init_node},
 * {@code pv_wait_head_or_lock}, {@code try_clear_tail}, {@code mcs_lock_handoff}, as the CNA
 * series names them) are the protected methods that {@link CnaLock} overrides. Waiters have
 * preemption off (spin_lock's {@code preempt_disable}), so a task keeps its CPU, and its node,
 * from lock to release of the node; with no interrupts in the model the nesting index is 0.
 */
@LockSpec(name = "queued.qspinlock", summary = "Linux qspinlock (v5.12): locked byte, pending bit, per-CPU MCS nodes in the tail")
public class QSpinLock extends Lock {
  public static final List<ParamSpec> PARAMS = List.of();
  /** The name of the per-CPU MCS nodes on the machine ({@link Machine#perCpuLine}). */
  public static final String NODES = QNodes.NAME;

  /** Locals of the lock routine's frame. */
  protected static final int VAL = 0;
  protected static final int IDX = 1;
  protected static final int NEXT = 2;
  /** Scratch for the hooks; the result of {@link #tryClearTail}. */
  protected static final int TMP = 3;

  private static final int QUEUE = 10;
  private static final int HEAD = 24;
  private static final int INIT_NODE = 40;
  private static final int PENDING_READ = 41;
  /** Where each hook goes on when it is done (each ends with {@code k.next} of its own). */
  protected static final int AFTER_INIT_NODE = 14;
  protected static final int AFTER_WAIT_HEAD = 25;
  protected static final int AFTER_CLEAR_TAIL = 27;
  protected static final int AFTER_HANDOFF = 50;
  /** Steps from here on belong to the hooks of a subclass ({@link #hookStep}). */
  protected static final int HOOKS = 100;
  private static final int CLEAR_TAIL_CAS = 90;

  protected final QNodes nodes;
  private final Machine machine;
  private long pendingAcquisitions;
  private long slowpath;

  public QSpinLock(LockEnv env, LockParams params) {
    this(env, "queued.qspinlock");
  }

  protected QSpinLock(LockEnv env, String algorithm) {
    super(env, algorithm, 1);
    routines(Routine.named("queued_spin_lock", this::lockStep),
        Routine.named("queued_spin_unlock", this::unlockStep));
    this.machine = env.machine();
    this.nodes = new QNodes(env.machine());
  }

  /** Acquisitions by the pending waiter, which used no MCS node ({@code lock_pending}). */
  public long pendingAcquisitions() {
    return pendingAcquisitions;
  }

  /**
   * qspinlock's lock events: {@code lock_pending}, the acquisitions by the pending waiter;
   * {@code lock_slowpath}, the lockers that reached the MCS queue (qspinlock.c's {@code queue:}
   * label); and the counts of nested nodes ({@code lock_use_node2} to {@code 4},
   * {@code lock_no_node}), always 0 here, where the nesting index stays 0.
   */
  @Override
  public Map<String, Long> lockEvents() {
    Map<String, Long> out = new LinkedHashMap<>();
    out.put("lock_pending", pendingAcquisitions);
    out.put("lock_slowpath", slowpath);
    out.put("lock_use_node2", 0L);
    out.put("lock_use_node3", 0L);
    out.put("lock_use_node4", 0L);
    out.put("lock_no_node", 0L);
    return out;
  }

  /** This CPU's node line. */
  protected final CacheLine myLine(Kernel k) {
    return nodes.line(k.cpuId());
  }

  /** The word of {@code field} of this CPU's node. */
  protected final int myWord(Kernel k, int field) {
    return QNodes.word((int) k.local(IDX), field);
  }

  /** This CPU's encoded tail. */
  protected final long myTail(Kernel k) {
    return QWord.encodeTail(k.cpuId(), (int) k.local(IDX));
  }

  /** The NUMA node (socket) of {@code cpu}. */
  protected final int socketOf(int cpu) {
    return machine.cpu(cpu).slot().socket();
  }

  private void lockStep(Kernel k) {
    switch (k.pc()) {
      case 0 -> {
        Spin.enter(k);
        k.cas(line, 0, 0, QWord.LOCKED_VAL);
        k.next(1);
      }
      case 1 -> {
        FastPaths.testResult(k);
        long val = k.result();
        if (val == 0) {
          fastAcquired(k);
        } else {
          contended(k);
          k.exec(Instr.CALL, 1);
          k.setLocal(VAL, val);
          k.next(2);
        }
      }
      case 2 -> {
        if (k.local(VAL) == QWord.PENDING_VAL) {
          // A pending waiter is about to take the lock: wait a bounded number of passes.
          k.spinWhile(line, 0, QWord.PENDING_VAL, QWord.PENDING_LOOPS * k.cpu().ps(Instr.PAUSE), null, false);
          k.next(3);
        } else {
          k.next(4);
        }
      }
      case 3 -> {
        if (WaitReason.of(k.result()) == WaitReason.LINE_WRITTEN) {
          k.setLocal(VAL, k.seen(0));
        }
        k.next(4);
      }
      case 4 -> {
        if ((k.local(VAL) & ~QWord.LOCKED_MASK) != 0) {
          k.next(QUEUE);
        } else {
          k.fetchOr(line, 0, QWord.PENDING_VAL);
          k.next(5);
        }
      }
      case 5 -> {
        // x86's queued_fetch_set_pending_acquire: lock bts gives the old pending bit, and a
        // load of the word (served by the line the bts left in the cache) the other fields.
        k.setLocal(VAL, k.result() & QWord.PENDING_MASK);
        k.load(line, 0);
        k.next(PENDING_READ);
      }
      case PENDING_READ -> {
        long val = k.local(VAL) | (k.result() & ~QWord.PENDING_MASK);
        if ((val & ~QWord.LOCKED_MASK) != 0) {
          // Contention after all: undo our pending bit, if it was ours, and queue.
          if ((val & QWord.PENDING_MASK) == 0) {
            k.storeField(line, 0, QWord.PENDING_MASK, 0);
          }
          k.next(QUEUE);
        } else if ((val & QWord.LOCKED_MASK) != 0) {
          k.spinUntilMasked(line, 0, QWord.LOCKED_MASK, 0, 0, null, false);
          k.next(6);
        } else {
          k.next(6);
        }
      }
      case 6 -> {
        // clear_pending_set_locked: one 16-bit store of locked = 1, pending = 0.
        k.storeField(line, 0, QWord.LOCKED_PENDING_MASK, QWord.LOCKED_VAL);
        k.next(7);
      }
      case 7 -> {
        pendingAcquisitions++;
        slowAcquiredThen(k, 51);
      }
      case QUEUE -> {
        slowpath++;
        k.load(nodes.line(k.cpuId()), QNodes.word(0, QNodes.COUNT));
        k.next(11);
      }
      case 11 -> {
        int idx = (int) k.result();
        k.setLocal(IDX, idx);
        k.setLocal(NEXT, 0);
        if (idx >= QNodes.MAX_NODES) {
          throw new IllegalStateException(name() + ": slow path nested " + idx + " deep on CPU " + k.cpuId());
        }
        k.store(myLine(k), QNodes.word(0, QNodes.COUNT), idx + 1);
        k.next(12);
      }
      case 12 -> {
        k.store(myLine(k), myWord(k, QNodes.LOCKED), 0);
        k.next(13);
      }
      case 13 -> {
        k.store(myLine(k), myWord(k, QNodes.NEXT), 0);
        k.next(INIT_NODE);
      }
      case INIT_NODE -> initNode(k);
      case AFTER_INIT_NODE -> {
        // The trylock after touching the (possibly cold) node line: read, then cmpxchg.
        k.load(line, 0);
        k.next(15);
      }
      case 15 -> {
        if (k.result() != 0) {
          k.next(18);
        } else {
          k.cas(line, 0, 0, QWord.LOCKED_VAL);
          k.next(16);
        }
      }
      case 16 -> {
        if (k.result() == 0) {
          slowAcquiredThen(k, AFTER_HANDOFF);
        } else {
          k.next(18);
        }
      }
      case 18 -> {
        k.xchgField(line, 0, QWord.TAIL_MASK, myTail(k));
        k.next(19);
      }
      case 19 -> {
        long old = k.result() & QWord.TAIL_MASK;
        if (old != 0) {
          // Link into the queue: prev->next = node.
          k.store(nodes.lineOf(old), QNodes.wordOf(old, QNodes.NEXT), myTail(k));
          k.next(20);
        } else {
          k.next(HEAD);
        }
      }
      case 20 -> {
        // arch_mcs_spin_lock_contended: wait on our own node until the MCS lock is passed.
        k.spinWhile(myLine(k), myWord(k, QNodes.LOCKED), 0, 0, null, false);
        k.next(21);
      }
      case 21 -> {
        k.load(myLine(k), myWord(k, QNodes.NEXT));
        k.next(22);
      }
      case 22 -> {
        // The next pointer a waiter may have linked meanwhile: prefetchw(next), for the hand-off.
        long next = k.result();
        k.setLocal(NEXT, next);
        k.next(HEAD);
        if (next != 0) {
          k.prefetchw(nodes.lineOf(next));
        }
      }
      case HEAD -> waitHeadOrLock(k);
      case AFTER_WAIT_HEAD -> {
        k.spinUntilMasked(line, 0, QWord.LOCKED_PENDING_MASK, 0, 0, null, false);
        k.next(26);
      }
      case 26 -> {
        long val = k.seen(0);
        k.setLocal(VAL, val);
        if ((val & QWord.TAIL_MASK) == myTail(k)) {
          tryClearTail(k);
        } else {
          k.next(28);
        }
      }
      case AFTER_CLEAR_TAIL -> {
        if (k.local(TMP) != 0) {
          slowAcquiredThen(k, AFTER_HANDOFF);
        } else {
          k.next(28);
        }
      }
      case 28 -> {
        // set_locked: a byte store; the tail behind us stays as it is.
        k.storeField(line, 0, QWord.LOCKED_MASK, QWord.LOCKED_VAL);
        k.next(29);
      }
      case 29 -> {
        slowAcquiredThen(k, 30);
      }
      case 30 -> {
        if (k.local(NEXT) == 0) {
          k.spinWhile(myLine(k), myWord(k, QNodes.NEXT), 0, 0, null, false);
          k.next(31);
        } else {
          k.next(32);
        }
      }
      case 31 -> {
        k.setLocal(NEXT, k.seen(myWord(k, QNodes.NEXT)));
        k.next(32);
      }
      case 32 -> lockHandoff(k);
      case CLEAR_TAIL_CAS -> {
        k.setLocal(TMP, k.result() == k.local(VAL) ? 1 : 0);
        k.next(AFTER_CLEAR_TAIL);
      }
      case AFTER_HANDOFF -> {
        // __this_cpu_dec(qnodes[0].mcs.count): a read-modify-write of our own line.
        k.exec(Instr.LOAD, 1);
        k.store(myLine(k), QNodes.word(0, QNodes.COUNT), k.local(IDX));
        k.next(51);
      }
      case 51 -> {
        k.ret(0);
      }
      default -> {
        if (k.pc() >= HOOKS) {
          hookStep(k);
        } else {
          throw new IllegalStateException("pc " + k.pc());
        }
      }
    }
  }

  private void fastAcquired(Kernel k) {
    acquired(k);
    k.ret(0);
  }

  /** A waiter takes the lock. */
  private void slowAcquiredThen(Kernel k, int then) {
    acquired(k);
    k.next(then);
  }

  // ------------------------------------------------------------------ hooks

  /** {@code pv_init_node}: nothing in the stock slow path. */
  protected void initNode(Kernel k) {
    k.next(AFTER_INIT_NODE);
  }

  /** {@code pv_wait_head_or_lock}: nothing in the stock slow path (it returns 0). */
  protected void waitHeadOrLock(Kernel k) {
    k.next(AFTER_WAIT_HEAD);
  }

  /**
   * {@code __try_clear_tail}: the head is the last in the queue; cmpxchg the word from what it
   * read ({@link #VAL}) to LOCKED. Sets {@link #TMP} to 1 when it took the lock, 0 when a
   * newcomer changed the word.
   */
  protected void tryClearTail(Kernel k) {
    k.cas(line, 0, k.local(VAL), QWord.LOCKED_VAL);
    k.next(CLEAR_TAIL_CAS);
  }

  /** {@code __mcs_lock_handoff}: {@code smp_store_release(&amp;next->locked, 1)}. */
  protected void lockHandoff(Kernel k) {
    long next = k.local(NEXT);
    k.storeRelease(nodes.lineOf(next), QNodes.wordOf(next, QNodes.LOCKED), 1);
    k.next(AFTER_HANDOFF);
  }

  /** A step of a subclass's hook (pc {@link #HOOKS} and above). */
  protected void hookStep(Kernel k) {
    throw new IllegalStateException("pc " + k.pc());
  }

  private void unlockStep(Kernel k) {
    switch (k.pc()) {
      case 0 -> {
        released(k);
        // queued_spin_unlock: smp_store_release(&lock->locked, 0), a byte store.
        k.storeReleaseField(line, 0, QWord.LOCKED_MASK, 0);
        k.next(1);
      }
      case 1 -> {
        Spin.exit(k);
        k.ret(0);
      }
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }
}
