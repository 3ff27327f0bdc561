package org.locksim.lock.queued;

import java.util.List;
import org.locksim.lock.Lock;
import org.locksim.lock.LockEnv;
import org.locksim.lock.LockParams;
import org.locksim.lock.LockSpec;
import org.locksim.lock.ParamSpec;
import org.locksim.lock.TaskWords;
import org.locksim.lock.spin.Spin;
import org.locksim.machine.CacheLine;
import org.locksim.sched.Kernel;
import org.locksim.sched.Routine;

/**
 * The hierarchical MCS lock HMCS with two levels: M. Chabbi, M. Fagan and J. Mellor-Crummey,
 * "High Performance Locks for Multi-level NUMA Systems", PPoPP 2015, as LiTL's {@code hmcs.c}
 * implements it (the C-MCS-MCS of cohorting). One MCS lock per socket, and a global MCS lock
 * whose queue nodes are the sockets' (each socket's lock brings one node to the global queue).
 * A waiter's node carries a status: {@code WAIT} while it queues, a count when its predecessor
 * of the socket passes it the lock with the global lock along, {@code ACQUIRE_PARENT} when it
 * must take the global lock itself.
 *
 * <pre>
 * lock:    me.next = 0; me.status = WAIT; pred = xchg(local.tail, me);
 *          if (pred) { pred.next = me; while (me.status == WAIT) pause;
 *                      if (me.status &lt; ACQUIRE_PARENT) return; }    (the global lock came along)
 *          me.status = 1; mcs_lock(global, local.node)
 * unlock:  c = me.status;
 *          if (c &lt; threshold &amp;&amp; me.next) { me.next.status = c + 1; return; }
 *          mcs_unlock(global, local.node); release(local, me, ACQUIRE_PARENT)
 * release(l, n, v): if (!n.next) { if (cas(l.tail, n, 0) == n) return; while (!n.next) pause; }
 *          n.next.status = v; mfence
 * </pre>
 *
 * <p>So up to {@code threshold} acquisitions in a row stay on a socket (100, LiTL's
 * {@code RELEASE_THRESHOLD}, "same as cohort for comparison") while its queue has waiters, and
 * the sockets take turns through the global MCS queue, first come first served: unlike
 * C-BO-MCS, whose global lock is a backoff lock, no socket is starved. Every node has its
 * {@code next} and its {@code status} on lines of their own, as LiTL pads them; the sockets'
 * tails and their global nodes are lines of their own too. The full barrier after a hand-off
 * through {@code release} is LiTL's {@code MEMORY_BARRIER()}, {@code __sync_synchronize()}.
 */
@LockSpec(name = "queued.hmcs", summary = "hierarchical MCS lock HMCS (Chabbi, Fagan and Mellor-Crummey 2015; LiTL's hmcs.c): an MCS lock per socket under a global MCS lock whose nodes are the sockets'")
public final class HmcsLock extends Lock {
  public static final List<ParamSpec> PARAMS = List.of(
      ParamSpec.integer("threshold", 100, 1, 1_000_000,
          "acquisitions in a row a socket may make before the global lock is let go (LiTL's"
              + " RELEASE_THRESHOLD, 100, as cohort locks)"));

  /** A status: queued, not yet passed the lock. */
  private static final long WAIT = Long.MAX_VALUE;
  /** A status: passed the socket's lock without the global one. */
  private static final long ACQUIRE_PARENT = Long.MAX_VALUE - 1;
  /** A global node's status while it waits, and once passed the global lock. */
  private static final long LOCKED = 1;
  private static final long UNLOCKED = 0;

  /** The one word of every line here: a tail, a next or a status. */
  private static final int W = 0;

  /** Locals: the socket, a predecessor or successor, whether a wait was reported. */
  private static final int L_SOCKET = 0;
  private static final int L_OTHER = 1;
  private static final int L_WAITED = 2;

  private final long threshold;
  /** Per socket: its lock's tail, and its node in the global queue (next, status). */
  private final CacheLine[] tail;
  private final CacheLine[] globalNext;
  private final CacheLine[] globalStatus;
  private final TaskNodes next;
  private final TaskNodes status;
  /** Per task, the socket whose lock it took last (LiTL's {@code me->last_local}). */
  private final TaskWords lastLocal = new TaskWords();

  public HmcsLock(LockEnv env, LockParams params) {
    super(env, "queued.hmcs", 1);
    routines(Routine.named("hmcs_mutex_lock", this::acquireStep),
        Routine.named("hmcs_mutex_unlock", this::releaseStep));
    this.threshold = params.integer("threshold");
    int sockets = env.machine().socketCount();
    tail = new CacheLine[sockets];
    globalNext = new CacheLine[sockets];
    globalStatus = new CacheLine[sockets];
    for (int s = 0; s < sockets; s++) {
      String at = "hmcs " + env.name() + "/socket " + s;
      tail[s] = env.machine().newLine(at, 1);
      globalNext[s] = env.machine().newLine(at + " node.next", 1);
      globalStatus[s] = env.machine().newLine(at + " node.status", 1);
    }
    next = new TaskNodes(env.machine(), "hmcs next " + env.name(), 1);
    status = new TaskNodes(env.machine(), "hmcs status " + env.name(), 1);
  }

  /** A user-space library's lock as well (LiTL's): per-task nodes, no per-CPU state. */
  @Override
  public boolean userSpace() {
    return true;
  }

  private int socket(Kernel k) {
    return (int) k.local(L_SOCKET);
  }

  /** The global queue's word for socket {@code s}'s node. */
  private static long gid(int s) {
    return s + 1L;
  }

  private void acquireStep(Kernel k) {
    int id = k.task().id();
    CacheLine myNext = next.mine(id, k.cpuId());
    CacheLine myStatus = status.mine(id, k.cpuId());
    switch (k.pc()) {
      case 0 -> {
        Spin.enter(k);
        int s = k.cpu().slot().socket();
        k.setLocal(L_SOCKET, s);
        k.setLocal(L_WAITED, 0);
        lastLocal.set(k.task(), s);
        k.store(myNext, W, 0);
        k.next(1);
      }
      case 1 -> {
        k.store(myStatus, W, WAIT);
        k.next(2);
      }
      case 2 -> {
        k.xchg(tail[socket(k)], W, tid(k.task()));
        k.next(3);
      }
      case 3 -> {
        long pred = k.result();
        if (pred == 0) {
          k.next(10);
        } else {
          contendedOnce(k, L_WAITED);
          k.store(next.of(ownerId(pred)), W, tid(k.task()));
          k.next(4);
        }
      }
      // while (me->status == WAIT) pause
      case 4 -> {
        k.load(myStatus, W);
        k.next(5);
      }
      case 5 -> {
        long st = k.result();
        if (st == WAIT) {
          k.spinWait(myStatus, 0, null, false);
          k.next(4);
        } else if (st < ACQUIRE_PARENT) {
          k.next(20);
        } else {
          k.next(10);
        }
      }
      // me->status = COHORT_START; mcs_lock(global, &local->node)
      case 10 -> {
        k.store(myStatus, W, 1);
        k.next(11);
      }
      case 11 -> {
        k.store(globalNext[socket(k)], W, 0);
        k.next(12);
      }
      case 12 -> {
        k.store(globalStatus[socket(k)], W, LOCKED);
        k.next(13);
      }
      case 13 -> {
        k.xchg(line, W, gid(socket(k)));
        k.next(14);
      }
      case 14 -> {
        long pred = k.result();
        if (pred == 0) {
          k.store(globalStatus[socket(k)], W, UNLOCKED);
          k.next(20);
        } else {
          contendedOnce(k, L_WAITED);
          k.store(globalNext[(int) pred - 1], W, gid(socket(k)));
          k.next(15);
        }
      }
      case 15 -> {
        k.load(globalStatus[socket(k)], W);
        k.next(16);
      }
      case 16 -> {
        if (k.result() == LOCKED) {
          k.spinWait(globalStatus[socket(k)], 0, null, false);
          k.next(15);
        } else {
          k.next(20);
        }
      }
      case 20 -> {
        acquired(k);
        k.ret(0);
      }
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }

  private void releaseStep(Kernel k) {
    int id = k.task().id();
    CacheLine myNext = next.mine(id, k.cpuId());
    CacheLine myStatus = status.mine(id, k.cpuId());
    long self = tid(k.task());
    switch (k.pc()) {
      case 0 -> {
        released(k);
        k.setLocal(L_SOCKET, lastLocal.get(k.task()));
        k.load(myStatus, W);
        k.next(1);
      }
      case 1 -> {
        long count = k.result();
        k.setLocal(L_OTHER, count);
        if (count == threshold) {
          k.next(30);
        } else {
          k.load(myNext, W);
          k.next(2);
        }
      }
      case 2 -> {
        if (k.result() != 0) {
          // Pass the socket's lock with the global one: succ->status = count + 1.
          k.store(status.of(ownerId(k.result())), W, k.local(L_OTHER) + 1);
          k.next(90);
        } else {
          k.next(30);
        }
      }
      // mcs_unlock(global, &local->node): release(global, node, UNLOCKED)
      case 30 -> {
        k.load(globalNext[socket(k)], W);
        k.next(31);
      }
      case 31 -> {
        long succ = k.result();
        if (succ != 0) {
          k.store(globalStatus[(int) succ - 1], W, UNLOCKED);
          k.next(35);
        } else {
          k.cas(line, W, gid(socket(k)), 0);
          k.next(32);
        }
      }
      case 32 -> {
        if (k.result() == gid(socket(k))) {
          k.next(40);
        } else {
          k.load(globalNext[socket(k)], W);
          k.next(33);
        }
      }
      case 33 -> {
        if (k.result() == 0) {
          k.spinWait(globalNext[socket(k)], 0, null, false);
          k.next(34);
        } else {
          k.store(globalStatus[(int) k.result() - 1], W, UNLOCKED);
          k.next(35);
        }
      }
      case 34 -> {
        k.load(globalNext[socket(k)], W);
        k.next(33);
      }
      case 35 -> {
        k.fence();
        k.next(40);
      }
      // release(local, me, ACQUIRE_PARENT)
      case 40 -> {
        k.load(myNext, W);
        k.next(41);
      }
      case 41 -> {
        if (k.result() != 0) {
          k.store(status.of(ownerId(k.result())), W, ACQUIRE_PARENT);
          k.next(45);
        } else {
          k.cas(tail[socket(k)], W, self, 0);
          k.next(42);
        }
      }
      case 42 -> {
        if (k.result() == self) {
          k.next(90);
        } else {
          k.load(myNext, W);
          k.next(43);
        }
      }
      case 43 -> {
        if (k.result() == 0) {
          k.spinWait(myNext, 0, null, false);
          k.next(44);
        } else {
          k.store(status.of(ownerId(k.result())), W, ACQUIRE_PARENT);
          k.next(45);
        }
      }
      case 44 -> {
        k.load(myNext, W);
        k.next(43);
      }
      case 45 -> {
        k.fence();
        k.next(90);
      }
      case 90 -> {
        Spin.exit(k);
        k.ret(0);
      }
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }
}
