package org.locksim.lock.queued;

import java.util.List;
import org.locksim.lock.Lock;
import org.locksim.lock.LockEnv;
import org.locksim.lock.LockParams;
import org.locksim.lock.LockSpec;
import org.locksim.lock.ParamSpec;
import org.locksim.lock.spin.Spin;
import org.locksim.machine.CacheLine;
import org.locksim.sched.Kernel;
import org.locksim.sched.Routine;

/**
 * The MCS list-based queue lock (J. M. Mellor-Crummey and M. L. Scott, "Algorithms for
 * Scalable Synchronization on Shared-Memory Multiprocessors", ACM TOCS 9(1), 1991, figure 5).
 * Each waiter owns a queue node on its own cache line and spins only on that line, so a
 * release costs one transfer whatever the number of waiters.
 *
 * <pre>
 * acquire:  I->next = nil; pred = fetch_and_store(L, I);
 *           if (pred != nil) { I->locked = true; pred->next = I; repeat while I->locked; }
 * release:  if (I->next == nil) {
 *             if (compare_and_swap(L, I, nil)) return;
 *             repeat while I->next == nil;
 *           }
 *           I->next->locked = false;
 * </pre>
 *
 * <p>The lock word is the tail: the id plus one of the last task queued, or 0. A task's node
 * is a line of two words ({@code next}, {@code locked}) allocated the first time the task
 * takes the lock, and reused after. Preemption is off from lock to unlock, as for a kernel
 * spin lock; the ground-truth release is recorded when the holder starts to let go.
 */
@LockSpec(name = "queued.mcs", summary = "MCS queue lock: xchg the tail, spin on your own node (Mellor-Crummey and Scott 1991)")
public final class McsLock extends Lock {
  public static final List<ParamSpec> PARAMS = List.of();
  static final int NEXT = 0;
  static final int LOCKED = 1;

  private final TaskNodes nodes;

  public McsLock(LockEnv env, LockParams params) {
    super(env, "queued.mcs", 1);
    routines(Routine.named("mcs_spin_lock", this::acquireStep),
        Routine.named("mcs_spin_unlock", this::releaseStep));
    this.nodes = new TaskNodes(env.machine(), "mcs node " + env.name(), 2);
  }

  /** A user-space library's lock as well: one word, no per-CPU state, never sleeps. */
  @Override
  public boolean userSpace() {
    return true;
  }

  /** Task {@code id}'s queue node, which it made when it queued. */
  private CacheLine node(int id) {
    return nodes.of(id);
  }

  private void acquireStep(Kernel k) {
    CacheLine me = nodes.mine(k.task().id(), k.cpuId());
    switch (k.pc()) {
      case 0 -> {
        Spin.enter(k);
        k.store(me, NEXT, 0);
        k.next(1);
      }
      case 1 -> {
        k.xchg(line, 0, tid(k.task()));
        k.next(2);
      }
      case 2 -> {
        long pred = k.result();
        if (pred == 0) {
          acquired(k);
          k.ret(0);
        } else {
          contended(k);
          k.setLocal(0, pred);
          k.store(me, LOCKED, 1);
          k.next(3);
        }
      }
      case 3 -> {
        k.store(node(ownerId(k.local(0))), NEXT, tid(k.task()));
        k.next(4);
      }
      case 4 -> {
        k.load(me, LOCKED);
        k.next(5);
      }
      case 5 -> {
        if (k.result() == 0) {
          acquired(k);
          k.ret(0);
        } else {
          k.spinWait(me, 0, null, false);
          k.next(4);
        }
      }
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }

  private void releaseStep(Kernel k) {
    CacheLine me = nodes.mine(k.task().id(), k.cpuId());
    switch (k.pc()) {
      case 0 -> {
        released(k);
        k.load(me, NEXT);
        k.next(1);
      }
      case 1 -> {
        if (k.result() != 0) {
          k.setLocal(0, k.result());
          k.next(5);
        } else {
          k.cas(line, 0, tid(k.task()), 0);
          k.next(2);
        }
      }
      case 2 -> {
        if (k.result() == tid(k.task())) {
          k.next(6);
        } else {
          k.load(me, NEXT);
          k.next(3);
        }
      }
      case 3 -> {
        // repeat while I->next == nil: the successor has swapped the tail but not linked in.
        if (k.result() == 0) {
          k.spinWait(me, 0, null, false);
          k.next(4);
        } else {
          k.setLocal(0, k.result());
          k.next(5);
        }
      }
      case 4 -> {
        k.load(me, NEXT);
        k.next(3);
      }
      case 5 -> {
        k.store(node(ownerId(k.local(0))), LOCKED, 0);
        k.next(6);
      }
      case 6 -> {
        Spin.exit(k);
        k.ret(0);
      }
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }
}
