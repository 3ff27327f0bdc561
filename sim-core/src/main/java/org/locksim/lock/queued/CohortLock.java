package org.locksim.lock.queued;

import java.util.List;
import org.locksim.cpu.Instr;
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
 * The cohort lock C-BO-MCS: D. Dice, V. J. Marathe and N. Shavit, "Lock Cohorting: A General
 * Technique for Designing NUMA Locks", PPoPP 2012 (ACM TOPC 1(2), 2015), as LiTL implements it
 * (the user-space lock library of the CNA paper's comparisons). One MCS lock per socket and a
 * global test-and-test-and-set lock with exponential backoff:
 *
 * <pre>
 * lock:    local = the lock of my socket; mcs_lock(local, me);
 *          if (local->top_grant) { local->top_grant = 0; return; }   (the global lock came along)
 *          backoff_lock(global); global->top_home = local;
 * unlock:  local = global->top_home;
 *          if (local->tail != me) {                                    (a cohort waits)
 *            if (--local->batch_count &gt;= 0) { local->top_grant = 1; mcs_unlock(local, me); return; }
 *            local->batch_count = batchCount;
 *          }
 *          mcs_unlock(local, me); global->spin = 0;
 * backoff_lock: delay = 512; for (;;) { while (global->spin) { pause delay times;
 *                 if (delay &lt; 2^20 - 1) delay *= 2; } if (tas(global->spin) == 0) return; }
 * </pre>
 *
 * <p>So the lock stays on a socket for up to {@code batchCount} hand-offs in a row (100, the
 * paper's and LiTL's default) while that socket's cohort has waiters, and crosses only through
 * the global lock, whose waiters back off exponentially from 512 pauses: a waiter of another
 * socket that has backed off far rarely wins it, so the lock is unfair by design (the CNA
 * paper's fairness factor near 1). The global lock, its {@code top_home} and each socket's
 * lock (tail, {@code top_grant}, {@code batch_count}) are lines of their own; nodes are per task
 * ({@link TaskNodes}). It runs in user space too.
 */
@LockSpec(name = "queued.cohort-bo-mcs", summary = "cohort lock C-BO-MCS (Dice, Marathe and Shavit 2012): an MCS lock per socket under a global backoff test-and-test-and-set lock")
public final class CohortLock extends Lock {
  public static final List<ParamSpec> PARAMS = List.of(
      ParamSpec.integer("batchCount", 100, 0, 1_000_000,
          "hand-offs within a socket's cohort before the global lock is let go (the paper's and"
              + " LiTL's 100)"));

  /** The global lock's words. */
  private static final int SPIN = 0;
  private static final int TOP_HOME = 1;
  /** A socket's lock's words. */
  private static final int TAIL = 0;
  private static final int TOP_GRANT = 1;
  private static final int BATCH = 2;
  /** A node's words. */
  private static final int NEXT = 0;
  private static final int LOCKED = 1;

  private static final long DEFAULT_BACKOFF = 1 << 9;
  private static final long MAX_BACKOFF = (1 << 20) - 1;

  /** Locals. */
  private static final int L_LOCAL = 0;
  private static final int L_DELAY = 1;
  /** 1 when the release passes the global lock along with the cohort's (no global release). */
  private static final int L_PASS_GLOBAL = 2;
  private static final int L_WAITED = 3;

  private final long batchCount;
  private final CacheLine[] local;
  private final TaskNodes nodes;

  public CohortLock(LockEnv env, LockParams params) {
    super(env, "queued.cohort-bo-mcs", 2);
    routines(Routine.named("cbomcs_mutex_lock", this::acquireStep),
        Routine.named("cbomcs_mutex_unlock", this::releaseStep));
    this.batchCount = params.integer("batchCount");
    int sockets = env.machine().socketCount();
    this.local = new CacheLine[sockets];
    for (int s = 0; s < sockets; s++) {
      local[s] = env.machine().newLine("cohort " + env.name() + "/socket " + s, 3);
    }
    this.nodes = new TaskNodes(env.machine(), "cohort node " + env.name(), 2);
  }

  /** A user-space library's lock as well (LiTL's): per-task nodes, no per-CPU state. */
  @Override
  public boolean userSpace() {
    return true;
  }

  /** Not in the contract's sense: a socket whose waiter has backed off far may wait long. */
  @Override
  public boolean starvationFree() {
    return false;
  }

  private void acquireStep(Kernel k) {
    CacheLine me = nodes.mine(k.task().id(), k.cpuId());
    switch (k.pc()) {
      case 0 -> {
        Spin.enter(k);
        k.setLocal(L_LOCAL, k.cpu().slot().socket());
        k.setLocal(L_WAITED, 0);
        k.store(me, NEXT, 0);
        k.next(1);
      }
      case 1 -> {
        k.store(me, LOCKED, 1);
        k.next(2);
      }
      case 2 -> {
        k.xchg(local(k), TAIL, tid(k.task()));
        k.next(3);
      }
      case 3 -> {
        long pred = k.result();
        if (pred == 0) {
          k.load(local(k), TOP_GRANT);
          k.next(6);
        } else {
          contendedOnce(k, L_WAITED);
          k.store(nodes.of(ownerId(pred)), NEXT, tid(k.task()));
          k.next(4);
        }
      }
      // Wait for the cohort's lock: spin on my own node.
      case 4 -> {
        k.load(me, LOCKED);
        k.next(5);
      }
      case 5 -> {
        if (k.result() != 0) {
          k.spinWait(me, 0, null, false);
          k.next(4);
        } else {
          k.load(local(k), TOP_GRANT);
          k.next(6);
        }
      }
      case 6 -> {
        if (k.result() == 1) {
          // The global lock came with the cohort's.
          k.store(local(k), TOP_GRANT, 0);
          k.next(20);
        } else {
          k.setLocal(L_DELAY, DEFAULT_BACKOFF);
          k.load(line, SPIN);
          k.next(10);
        }
      }
      // backoff_lock(global): while it looks held, back off; then test-and-set.
      case 10 -> {
        if (k.result() != 0) {
          contendedOnce(k, L_WAITED);
          long delay = k.local(L_DELAY);
          Spin.pauses(k, delay);
          k.setLocal(L_DELAY, delay < MAX_BACKOFF ? 2 * delay : delay);
          k.next(11);
        } else {
          k.xchg(line, SPIN, 1);
          k.next(12);
        }
      }
      case 11 -> {
        k.load(line, SPIN);
        k.next(10);
      }
      case 12 -> {
        if (k.result() == 0) {
          k.store(line, TOP_HOME, k.local(L_LOCAL) + 1);
          k.next(20);
        } else {
          contendedOnce(k, L_WAITED);
          k.load(line, SPIN);
          k.next(10);
        }
      }
      case 20 -> {
        acquired(k);
        k.ret(0);
      }
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }

  private CacheLine local(Kernel k) {
    return local[(int) k.local(L_LOCAL)];
  }

  private void releaseStep(Kernel k) {
    CacheLine me = nodes.mine(k.task().id(), k.cpuId());
    long self = tid(k.task());
    switch (k.pc()) {
      case 0 -> {
        released(k);
        k.load(line, TOP_HOME);
        k.next(1);
      }
      case 1 -> {
        k.setLocal(L_LOCAL, k.result() - 1);
        // Is anybody there? (the cohort's tail is not me)
        k.load(local(k), TAIL);
        k.next(2);
      }
      case 2 -> {
        if (k.result() != self) {
          k.load(local(k), BATCH);
          k.next(3);
        } else {
          k.next(10);
        }
      }
      case 3 -> {
        long batch = k.result() - 1;
        k.exec(Instr.ALU, 1);
        if (batch >= 0) {
          k.store(local(k), BATCH, batch);
          k.next(4);
        } else {
          k.store(local(k), BATCH, batchCount);
          k.next(10);
        }
      }
      case 4 -> {
        // Pass the cohort's lock with the global one.
        k.store(local(k), TOP_GRANT, 1);
        k.setLocal(L_PASS_GLOBAL, 1);
        k.next(11);
      }
      // mcs_unlock(local, me), then (unless the global lock went along) the global release.
      case 10 -> {
        k.setLocal(L_PASS_GLOBAL, 0);
        k.next(11);
      }
      case 11 -> {
        k.load(me, NEXT);
        k.next(12);
      }
      case 12 -> {
        long next = k.result();
        if (next != 0) {
          k.store(nodes.of(ownerId(next)), LOCKED, 0);
          k.next(16);
        } else {
          k.cas(local(k), TAIL, self, 0);
          k.next(13);
        }
      }
      case 13 -> {
        if (k.result() == self) {
          k.next(16);
        } else {
          // A waiter swapped the tail and has not linked in yet.
          k.load(me, NEXT);
          k.next(14);
        }
      }
      case 14 -> {
        if (k.result() == 0) {
          k.spinWait(me, 0, null, false);
          k.next(15);
        } else {
          k.store(nodes.of(ownerId(k.result())), LOCKED, 0);
          k.next(16);
        }
      }
      case 15 -> {
        k.load(me, NEXT);
        k.next(14);
      }
      case 16 -> {
        if (k.local(L_PASS_GLOBAL) == 0) {
          k.store(line, SPIN, 0);
        }
        k.next(17);
      }
      case 17 -> {
        Spin.exit(k);
        k.ret(0);
      }
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }
}
