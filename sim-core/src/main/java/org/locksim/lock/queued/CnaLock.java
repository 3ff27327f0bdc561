package org.locksim.lock.queued;

import java.util.List;
import org.locksim.cpu.Instr;
import org.locksim.lock.LockEnv;
import org.locksim.lock.LockParams;
import org.locksim.lock.LockSpec;
import org.locksim.lock.ParamSpec;
import org.locksim.machine.CacheLine;
import org.locksim.sched.Kernel;

/**
 * The compact NUMA-aware slow path of qspinlock, CNA: Alex Kogan, "[PATCH v15 0/6] Add
 * NUMA-awareness to qspinlock" (linux-arch, 14 May 2021), kernel/locking/qspinlock_cna.h of
 * patches 3/6 ("Introduce CNA into the slow path of qspinlock") and 4/6 ("Introduce starvation
 * avoidance into CNA"); the algorithm is Dice and Kogan, "Compact NUMA-aware Locks", EuroSys
 * 2019 (arXiv:1810.05600), with patch 6/6's shuffle reduction. It is {@link QSpinLock}'s slow
 * path with its four hooks filled in:
 *
 * <pre>
 * init_node:      numa_node = real_numa_node; start_time = 0;
 * wait_head:      if (node->locked &lt;= 1 &amp;&amp; probably(7)) return;
 *                 if (!start_time || now &lt;= start_time + threshold)
 *                   while (lock busy &amp;&amp; !order_queue()) cpu_relax();
 *                 else start_time = FLUSH;
 * order_queue:    next = node->next; if (!next) return 0;
 *                 if (next->numa_node == numa_node) return 1;
 *                 if (next->next) move next to the tail of the secondary queue
 *                   (node->locked = its encoded tail; a new queue sets start_time = now);
 *                 return 0;
 * try_clear_tail: if (node->locked &gt; 1) splice the secondary queue into the main one
 *                   (cmpxchg val -&gt; tail_2nd | LOCKED) and pass the MCS lock to its head;
 *                 else cmpxchg val -&gt; LOCKED, as stock;
 * handoff:        if (start_time != FLUSH) { if (node->locked &gt; 1) { val = node->locked;
 *                   next = node->next; next->numa_node = numa_node; next->start_time = start_time; } }
 *                 else next = splice the secondary queue in before next (val = 1);
 *                 next->locked = val;
 * </pre>
 *
 * <p>The secondary queue is a ring whose tail the holder's {@code locked} word names; it travels
 * with the MCS lock from holder to holder on the preferred socket, and returns to the head of
 * the main queue when no local waiter is left or when the waiter at its head has waited
 * {@code numaThresholdNs} (the series' {@code numa_spinlock_threshold_ns}, 1 ms by default).
 * The NUMA node of a CPU is its socket. Not modelled: the priority nodes of patch 5/6 (waiters in
 * interrupt context or of real-time tasks, which the model has none of).
 *
 * <p>Shuffle reduction (patch 6/6, "Introduce the shuffle reduction optimization into CNA"):
 * while the secondary queue is empty, a head skips sorting unless {@code probably(7)} says
 * otherwise, which it does once in 128 calls: the per-CPU {@code seed} (zero at boot) steps
 * through {@code next_pseudo_random32} ({@code seed * 1664525 + 1013904223}) and the draw is
 * false when its low 7 bits are zero. The seed is a per-CPU variable that every CNA lock of the
 * machine shares. A run starts in a kernel that has been up for a while: every contended spin
 * lock since boot has stepped each CPU's seed, so where it stands is unknown, and the model
 * starts each CPU's at a point of its own ({@link #bootedSeed}), fixed per CPU. (Started at zero,
 * every CPU would reach its first sorting draw together, after 128 turns as head each.)
 *
 * <p>The head sorts only in the time it would otherwise spin on the lock word
 * ({@code LOCK_IS_BUSY}), one waiter per pass of order_queue. When the hand-off of the MCS lock
 * to the head and its first read of the lock word (two transfers of the head's node line and
 * one of the lock word's) take longer than the critical section, the head finds the lock free,
 * moves nobody, and the lock goes round in arrival order as qspinlock's does; a queue mixed by
 * a flush then stays mixed. A release still waiting in the holder's store buffer behind the
 * section's stores reads as held ({@code org.locksim.machine.BufferedStores}).
 *
 * <p>{@code numaThresholdNs = 0} boots the stock slow path, as {@code numa_spinlock=off} does
 * (in the series' code a 0 threshold still lets each head move one remote waiter behind a local
 * one before the next head flushes it back).
 *
 * <p>While the head waits for the lock it must notice both the lock word freeing and a
 * successor linking in, which land on two lines. A newcomer swaps the tail of the lock word
 * before it links: the head watches the lock word, and when the tail has moved past the last
 * node it knows of, waits on that node's {@code next} for the link (a few stores away).
 */
@LockSpec(name = "queued.cna", summary = "qspinlock with CNA's NUMA-aware slow path (Kogan, v15 2021): waiters on the holder's socket first")
public final class CnaLock extends QSpinLock {
  public static final List<ParamSpec> PARAMS = List.of(
      ParamSpec.nanos("numaThresholdNs", 1_000_000, 0, 1e12,
          "how long the head of the secondary queue may wait before it is put back at the head of"
              + " the main queue (numa_spinlock_threshold_ns); 0 boots the stock slow path"));

  private static final long FLUSH = 1;
  private static final int INIT = HOOKS;
  private static final int WAIT = HOOKS + 10;
  private static final int SHUFFLE = HOOKS + 11;
  /** probably()'s argument: sorting is skipped with probability 1 - 1 / 2^7. */
  private static final int SHUFFLE_REDUCTION_PROB_ARG = 7;
  private static final int ORDER = HOOKS + 20;
  private static final int CLEAR = HOOKS + 40;
  private static final int HANDOFF = HOOKS + 50;
  private static final int FLUSH_HANDOFF = HOOKS + 60;

  private final long thresholdPs;
  /** Per CPU: the line of probably()'s per-CPU {@code seed}. */
  private final CacheLine[] seed;

  public CnaLock(LockEnv env, LockParams params) {
    super(env, "queued.cna");
    this.thresholdPs = params.nanosAsPs("numaThresholdNs");
    seed = new CacheLine[env.machine().cpuCount()];
    for (int i = 0; i < seed.length; i++) {
      seed[i] = env.machine().perCpuLine("cna_seed", i, 1);
      seed[i].init(0, bootedSeed(i));
    }
  }

  /** Where CPU {@code cpu}'s probably() seed stands when a run starts: a fixed 32-bit value of
   * its own. */
  static long bootedSeed(int cpu) {
    return new java.util.SplittableRandom(0x5eed0000L + cpu).nextLong() & 0xffffffffL;
  }

  /**
   * next_pseudo_random32 (include/linux/prandom.h): one step of the 32-bit linear congruential
   * generator that probably() draws from. Its low 7 bits cycle with period 128, so from any
   * seed probably(7) is false exactly once in every 128 draws of one CPU.
   */
  public static long nextPseudoRandom32(long s) {
    return (s * 1664525L + 1013904223L) & 0xffffffffL;
  }

  private boolean stock() {
    return thresholdPs == 0;
  }

  @Override
  protected void initNode(Kernel k) {
    if (stock()) {
      super.initNode(k);
    } else {
      k.next(INIT);
    }
  }

  @Override
  protected void waitHeadOrLock(Kernel k) {
    if (stock()) {
      super.waitHeadOrLock(k);
    } else {
      k.load(myLine(k), myWord(k, QNodes.LOCKED));
      k.next(SHUFFLE);
    }
  }

  @Override
  protected void tryClearTail(Kernel k) {
    if (stock()) {
      super.tryClearTail(k);
    } else {
      k.load(myLine(k), myWord(k, QNodes.LOCKED));
      k.next(CLEAR);
    }
  }

  @Override
  protected void lockHandoff(Kernel k) {
    if (stock()) {
      super.lockHandoff(k);
    } else {
      k.load(myLine(k), myWord(k, QNodes.START));
      k.next(HANDOFF);
    }
  }

  @Override
  protected void hookStep(Kernel k) {
    CacheLine me = myLine(k);
    switch (k.pc()) {
      // cna_init_node
      case INIT -> {
        k.store(me, myWord(k, QNodes.NUMA), socketOf(k.cpuId()));
        k.next(INIT + 1);
      }
      case INIT + 1 -> {
        k.store(me, myWord(k, QNodes.START), 0);
        k.next(AFTER_INIT_NODE);
      }
      // cna_wait_head_or_lock, with node->locked read: the shuffle reduction
      case SHUFFLE -> {
        if (k.result() <= 1) {
          k.load(seed[k.cpuId()], 0);
          k.next(SHUFFLE + 1);
        } else {
          k.load(me, myWord(k, QNodes.START));
          k.next(WAIT);
        }
      }
      case SHUFFLE + 1 -> {
        long s = nextPseudoRandom32(k.result());
        k.setLocal(TMP, s);
        k.exec(Instr.ALU, 2);
        k.store(seed[k.cpuId()], 0, s);
        k.next(SHUFFLE + 2);
      }
      case SHUFFLE + 2 -> {
        if ((k.local(TMP) & ((1 << SHUFFLE_REDUCTION_PROB_ARG) - 1)) != 0) {
          // probably(): skip the sorting; wait for the lock as stock does.
          k.next(AFTER_WAIT_HEAD);
        } else {
          k.load(me, myWord(k, QNodes.START));
          k.next(WAIT);
        }
      }
      // cna_wait_head_or_lock, with start_time read
      case WAIT -> {
        long start = k.result();
        if (start != 0 && k.now() > start + thresholdPs) {
          k.store(me, myWord(k, QNodes.START), FLUSH);
          k.next(AFTER_WAIT_HEAD);
        } else {
          k.next(ORDER);
        }
      }
      // while (LOCK_IS_BUSY(lock) && !cna_order_queue(node)) cpu_relax();
      case ORDER -> {
        k.load(line, 0);
        k.next(ORDER + 1);
      }
      case ORDER + 1 -> {
        long val = k.result();
        if ((val & QWord.LOCKED_PENDING_MASK) == 0) {
          k.next(AFTER_WAIT_HEAD);
        } else {
          k.setLocal(VAL, val);
          k.load(me, myWord(k, QNodes.NEXT));
          k.next(ORDER + 2);
        }
      }
      case ORDER + 2 -> {
        long next = k.result();
        if (next == 0) {
          waitForProgress(k, myTail(k));
        } else {
          k.setLocal(TMP, next);
          k.load(nodes.lineOf(next), QNodes.wordOf(next, QNodes.NUMA));
          k.next(ORDER + 3);
        }
      }
      case ORDER + 3 -> {
        // Our numa_node is on our own line, which the read of node->next just brought in.
        k.exec(Instr.LOAD, 1);
        long next = k.local(TMP);
        if (k.result() == me.peek(myWord(k, QNodes.NUMA))) {
          k.next(AFTER_WAIT_HEAD);
        } else {
          k.load(nodes.lineOf(next), QNodes.wordOf(next, QNodes.NEXT));
          k.next(ORDER + 4);
        }
      }
      case ORDER + 4 -> {
        long nnext = k.result();
        if (nnext == 0) {
          waitForProgress(k, k.local(TMP));
        } else {
          // cna_splice_next: node->next = nnext; next goes to the secondary queue's tail.
          k.store(me, myWord(k, QNodes.NEXT), nnext);
          k.next(ORDER + 5);
        }
      }
      case ORDER + 5 -> {
        k.load(me, myWord(k, QNodes.LOCKED));
        k.next(ORDER + 6);
      }
      case ORDER + 6 -> {
        long locked = k.result();
        long next = k.local(TMP);
        if (locked <= 1) {
          // A new secondary queue: next alone, in a ring; its wait starts now.
          k.store(nodes.lineOf(next), QNodes.wordOf(next, QNodes.NEXT), next);
          k.next(ORDER + 7);
        } else {
          k.setLocal(VAL, locked);
          k.load(nodes.lineOf(locked), QNodes.wordOf(locked, QNodes.NEXT));
          k.next(ORDER + 8);
        }
      }
      case ORDER + 7 -> {
        k.store(me, myWord(k, QNodes.START), Math.max(2, k.now()));
        k.next(ORDER + 10);
      }
      case ORDER + 8 -> {
        // tail_2nd->next = next; next->next = head_2nd
        long tail2 = k.local(VAL);
        k.setLocal(VAL, k.result());
        k.store(nodes.lineOf(tail2), QNodes.wordOf(tail2, QNodes.NEXT), k.local(TMP));
        k.next(ORDER + 9);
      }
      case ORDER + 9 -> {
        long next = k.local(TMP);
        k.store(nodes.lineOf(next), QNodes.wordOf(next, QNodes.NEXT), k.local(VAL));
        k.next(ORDER + 10);
      }
      case ORDER + 10 -> {
        // node->locked = next->encoded_tail; cpu_relax(); round the loop.
        k.exec(Instr.PAUSE, 1);
        k.store(me, myWord(k, QNodes.LOCKED), k.local(TMP));
        k.next(ORDER);
      }
      // cna_try_clear_tail, with node->locked read
      case CLEAR -> {
        long locked = k.result();
        if (locked <= 1) {
          super.tryClearTail(k);
        } else {
          k.setLocal(TMP, locked);
          k.load(nodes.lineOf(locked), QNodes.wordOf(locked, QNodes.NEXT));
          k.next(CLEAR + 1);
        }
      }
      case CLEAR + 1 -> {
        // cna_splice_head with an empty main queue: tail_2nd->next = NULL, then the cmpxchg
        // makes the secondary tail the lock's tail.
        k.setLocal(NEXT, k.result());
        long tail2 = k.local(TMP);
        k.store(nodes.lineOf(tail2), QNodes.wordOf(tail2, QNodes.NEXT), 0);
        k.next(CLEAR + 2);
      }
      case CLEAR + 2 -> {
        k.cas(line, 0, k.local(VAL), k.local(TMP) | QWord.LOCKED_VAL);
        k.next(CLEAR + 3);
      }
      case CLEAR + 3 -> {
        long head2 = k.local(NEXT);
        if (k.result() == k.local(VAL)) {
          k.storeRelease(nodes.lineOf(head2), QNodes.wordOf(head2, QNodes.LOCKED), 1);
          k.setLocal(TMP, 1);
          k.next(AFTER_CLEAR_TAIL);
        } else {
          // A newcomer changed the word: restore the ring; the head goes on as the holder.
          long tail2 = k.local(TMP);
          k.store(nodes.lineOf(tail2), QNodes.wordOf(tail2, QNodes.NEXT), head2);
          k.setLocal(NEXT, 0);
          k.setLocal(TMP, 0);
          k.next(AFTER_CLEAR_TAIL);
        }
      }
      // cna_lock_handoff, with start_time read
      case HANDOFF -> {
        long start = k.result();
        k.setLocal(TMP, start);
        k.load(me, myWord(k, QNodes.LOCKED));
        k.next(start == FLUSH ? FLUSH_HANDOFF : HANDOFF + 1);
      }
      case HANDOFF + 1 -> {
        long locked = k.result();
        if (locked <= 1) {
          super.lockHandoff(k);
        } else {
          // Keep the secondary queue: reload next, which order_queue may have changed.
          k.setLocal(VAL, locked);
          k.load(me, myWord(k, QNodes.NEXT));
          k.next(HANDOFF + 2);
        }
      }
      case HANDOFF + 2 -> {
        long next = k.result();
        k.setLocal(NEXT, next);
        k.exec(Instr.LOAD, 1);
        k.store(nodes.lineOf(next), QNodes.wordOf(next, QNodes.NUMA), me.peek(myWord(k, QNodes.NUMA)));
        k.next(HANDOFF + 3);
      }
      case HANDOFF + 3 -> {
        long next = k.local(NEXT);
        k.store(nodes.lineOf(next), QNodes.wordOf(next, QNodes.START), k.local(TMP));
        k.next(HANDOFF + 4);
      }
      case HANDOFF + 4 -> {
        long next = k.local(NEXT);
        k.storeRelease(nodes.lineOf(next), QNodes.wordOf(next, QNodes.LOCKED), k.local(VAL));
        k.next(AFTER_HANDOFF);
      }
      // the flush: cna_splice_head(NULL, 0, node, next), with node->locked read
      case FLUSH_HANDOFF -> {
        long tail2 = k.result();
        if (tail2 <= 1) {
          throw new IllegalStateException(name() + ": flush with an empty secondary queue");
        }
        k.setLocal(VAL, tail2);
        k.load(nodes.lineOf(tail2), QNodes.wordOf(tail2, QNodes.NEXT));
        k.next(FLUSH_HANDOFF + 1);
      }
      case FLUSH_HANDOFF + 1 -> {
        // tail_2nd->next = next; the secondary head gets the MCS lock.
        k.setLocal(TMP, k.result());
        long tail2 = k.local(VAL);
        k.store(nodes.lineOf(tail2), QNodes.wordOf(tail2, QNodes.NEXT), k.local(NEXT));
        k.next(FLUSH_HANDOFF + 2);
      }
      case FLUSH_HANDOFF + 2 -> {
        long head2 = k.local(TMP);
        k.setLocal(NEXT, head2);
        k.storeRelease(nodes.lineOf(head2), QNodes.wordOf(head2, QNodes.LOCKED), 1);
        k.next(AFTER_HANDOFF);
      }
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }

  /**
   * order_queue found no next waiter to judge ({@code known} is the last node it knows of, with
   * nothing linked behind it) and the lock is busy: spin until something changes. A tail past
   * {@code known} means a newcomer has swapped it and is about to link: wait for that link; else
   * wait for the lock word to change (freed, or a newcomer's tail).
   */
  private void waitForProgress(Kernel k, long known) {
    long val = k.local(VAL);
    if ((val & QWord.TAIL_MASK) != known) {
      k.spinWhile(nodes.lineOf(known), QNodes.wordOf(known, QNodes.NEXT), 0, 0, null, false);
    } else {
      k.spinWhile(line, 0, val, 0, null, false);
    }
    k.next(ORDER);
  }
}
