package org.locksim.lock.sleep;

import org.locksim.cpu.Instr;
import org.locksim.machine.CacheLine;
import org.locksim.machine.Machine;
import org.locksim.sched.Kernel;
import org.locksim.sched.Routine;
import org.locksim.sched.WaitReason;

/**
 * Linux's optimistic spin queue, kernel/locking/osq_lock.c as in v5.12 (Waiman Long and Jason
 * Low, 2014, after Peter Zijlstra's "mutex: Queue mutex spinners with MCS lock", 3.10): an MCS
 * queue of the tasks that want to spin on a sleeping lock's owner, so that one of them at a
 * time spins on the owner word and the others on their own per-CPU node. Unlike MCS, a queued
 * spinner that must stop (need_resched) unqueues itself.
 *
 * <pre>
 * osq_lock:   node->locked = 0; node->next = NULL; old = xchg(&amp;tail, curr);
 *             if (old == 0) return true;
 *             node->prev = prev = old; prev->next = node;
 *             wait until node->locked || need_resched(); if (node->locked) return true;
 *   unqueue:  A: until (prev->next == node &amp;&amp; cmpxchg(prev->next, node, NULL) == node)
 *                  { if (node->locked) return true; prev = node->prev; }
 *             B: next = osq_wait_next(node, prev); if (!next) return false;
 *             C: next->prev = prev; prev->next = next; return false;
 * osq_unlock: if (cmpxchg(&amp;tail, curr, 0) == curr) return;
 *             next = xchg(&amp;node->next, NULL); if (!next) next = osq_wait_next(node, NULL);
 *             if (next) next->locked = 1;
 * wait_next:  for (;;) { if (tail == curr &amp;&amp; cmpxchg(&amp;tail, curr, prev ? prev : 0) == curr) return NULL;
 *                        if (node->next &amp;&amp; (next = xchg(&amp;node->next, NULL))) return next; }
 * </pre>
 *
 * <p>The tail is a word of the lock's line ({@code struct mutex}'s {@code osq}); the nodes are the
 * per-CPU {@code osq_node} lines of the machine, shared by every lock. A CPU is encoded as its
 * number plus one. Waits that hang on two lines (wait_next: the tail coming back to us or a
 * successor linking in; unqueue step A: our node rewritten or the new predecessor linking) watch
 * the line most likely to change and look again at the other every {@link #POLL_PAUSES} pauses:
 * they happen only while a spinner unqueues.
 */
public final class OptimisticSpinQueue {
  /** The per-CPU node lines' name. */
  static final String NODES = "osq_node";
  private static final int NEXT = 0;
  private static final int PREV = 1;
  private static final int LOCKED = 2;
  private static final int POLL_PAUSES = 50;

  private final Machine machine;
  private final CacheLine line;
  private final int tail;
  private final Routine lock;
  private final Routine unlock;
  /** The per-CPU node lines asked for so far (the machine's, looked up once). */
  private final CacheLine[] nodes;

  /** A queue whose tail is word {@code tail} of {@code line}. */
  public OptimisticSpinQueue(Machine machine, CacheLine line, int tail) {
    this.machine = machine;
    this.line = line;
    this.tail = tail;
    this.nodes = new CacheLine[machine.cpuCount()];
    this.lock = Routine.named("osq_lock", this::lockStep);
    this.unlock = Routine.named("osq_unlock", this::unlockStep);
  }

  /** {@code osq_lock}: returns 1 with the queue's lock, 0 when it gave up (need_resched). */
  public Routine lock() {
    return lock;
  }

  /** {@code osq_unlock}. */
  public Routine unlock() {
    return unlock;
  }

  private CacheLine node(long encodedCpu) {
    int cpu = (int) encodedCpu - 1;
    CacheLine l = nodes[cpu];
    if (l == null) {
      l = machine.perCpuLine(NODES, cpu, 3);
      nodes[cpu] = l;
    }
    return l;
  }

  private static long curr(Kernel k) {
    return k.cpuId() + 1L;
  }

  private long pollPs(Kernel k) {
    return POLL_PAUSES * k.cpu().ps(Instr.PAUSE);
  }

  // locals of osq_lock: 0 prev, 1 next
  private void lockStep(Kernel k) {
    CacheLine me = node(curr(k));
    switch (k.pc()) {
      case 0 -> {
        k.store(me, LOCKED, 0);
        k.next(1);
      }
      case 1 -> {
        k.store(me, NEXT, 0);
        k.next(2);
      }
      case 2 -> {
        k.exec(Instr.STORE, 1); // node->cpu = curr
        k.xchg(line, tail, curr(k));
        k.next(3);
      }
      case 3 -> {
        long old = k.result();
        if (old == 0) {
          k.ret(1);
        } else {
          k.setLocal(0, old);
          k.store(me, PREV, old);
          k.next(4);
        }
      }
      case 4 -> {
        k.store(node(k.local(0)), NEXT, curr(k));
        k.next(5);
      }
      case 5 -> {
        k.spinWhile(me, LOCKED, 0, 0, null, true);
        k.next(6);
      }
      case 6 -> {
        if (WaitReason.of(k.result()) == WaitReason.LINE_WRITTEN) {
          k.ret(1);
        } else {
          k.load(me, LOCKED);
          k.next(7);
        }
      }
      case 7 -> {
        if (k.result() != 0) {
          k.ret(1);
        } else {
          k.next(10);
        }
      }
      // unqueue step A: stabilise prev
      case 10 -> {
        k.load(node(k.local(0)), NEXT);
        k.next(11);
      }
      case 11 -> {
        if (k.result() == curr(k)) {
          k.cas(node(k.local(0)), NEXT, curr(k), 0);
          k.next(12);
        } else {
          k.next(13);
        }
      }
      case 12 -> k.next(k.result() == curr(k) ? 20 : 13);
      case 13 -> {
        k.loadAcquire(me, LOCKED);
        k.next(14);
      }
      case 14 -> {
        if (k.result() != 0) {
          k.ret(1);
        } else {
          k.exec(Instr.PAUSE, 1);
          k.load(me, PREV);
          k.next(15);
        }
      }
      case 15 -> {
        if (k.result() != k.local(0)) {
          k.setLocal(0, k.result());
          k.next(10);
        } else {
          // prev is unqueueing or unlocking: it will rewrite our node (prev, or locked).
          k.spinWait(me, pollPs(k), null, false);
          k.next(10);
        }
      }
      // step B
      case 20 -> k.next(30);
      case 21 -> {
        long next = k.local(1);
        if (next == 0) {
          k.ret(0);
        } else {
          // step C: next->prev = prev; prev->next = next
          k.store(node(next), PREV, k.local(0));
          k.next(22);
        }
      }
      case 22 -> {
        k.store(node(k.local(0)), NEXT, k.local(1));
        k.next(23);
      }
      case 23 -> k.ret(0);
      default -> waitNextStep(k, 30, k.local(0), 1, 21);
    }
  }

  // locals of osq_unlock: 1 next
  private void unlockStep(Kernel k) {
    CacheLine me = node(curr(k));
    switch (k.pc()) {
      case 0 -> {
        k.cas(line, tail, curr(k), 0);
        k.next(1);
      }
      case 1 -> {
        if (k.result() == curr(k)) {
          k.ret(0);
        } else {
          k.xchg(me, NEXT, 0);
          k.next(2);
        }
      }
      case 2 -> {
        if (k.result() != 0) {
          k.setLocal(1, k.result());
          k.next(4);
        } else {
          k.next(30);
        }
      }
      case 3 -> k.next(k.local(1) != 0 ? 4 : 5);
      case 4 -> {
        k.store(node(k.local(1)), LOCKED, 1);
        k.next(5);
      }
      case 5 -> k.ret(0);
      default -> waitNextStep(k, 30, 0, 1, 3);
    }
  }

  /**
   * One step of {@code osq_wait_next} at pcs from {@code base}: moves the tail back to
   * {@code old} if we are still the last, else takes the next node from ours; sets local
   * {@code into} to the next node (0 when the tail was moved back) and goes on at {@code done}.
   */
  private void waitNextStep(Kernel k, int base, long old, int into, int done) {
    CacheLine me = node(curr(k));
    int pc = k.pc();
    if (pc == base) {
      k.load(line, tail);
      k.next(base + 1);
    } else if (pc == base + 1) {
      if (k.result() == curr(k)) {
        k.cas(line, tail, curr(k), old);
        k.next(base + 2);
      } else {
        k.next(base + 3);
      }
    } else if (pc == base + 2) {
      if (k.result() == curr(k)) {
        k.setLocal(into, 0);
        k.next(done);
      } else {
        k.next(base + 3);
      }
    } else if (pc == base + 3) {
      k.load(me, NEXT);
      k.next(base + 4);
    } else if (pc == base + 4) {
      if (k.result() != 0) {
        k.xchg(me, NEXT, 0);
        k.next(base + 5);
      } else {
        // A newcomer swapped the tail and is about to link to us (or is unqueueing, and will
        // move the tail back to us): watch our node, and look at the tail again now and then.
        k.spinWhile(me, NEXT, 0, pollPs(k), null, false);
        k.next(base);
      }
    } else if (pc == base + 5) {
      if (k.result() != 0) {
        k.setLocal(into, k.result());
        k.next(done);
      } else {
        k.exec(Instr.PAUSE, 1);
        k.next(base);
      }
    } else {
      throw new IllegalStateException("pc " + pc);
    }
  }
}
