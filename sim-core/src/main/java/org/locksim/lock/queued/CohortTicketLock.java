package org.locksim.lock.queued;

import java.util.List;
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

/**
 * The cohort lock C-TKT-TKT: D. Dice, V. J. Marathe and N. Shavit, "Lock Cohorting: A General
 * Technique for Designing NUMA Locks", PPoPP 2012 (ACM TOPC 1(2), 2015), as LiTL implements it
 * ({@code ctkttkt.c}): a ticket lock per socket under a global ticket lock.
 *
 * <pre>
 * lock:    local = the lock of my socket; t = fetch_and_add(local->request, 1);
 *          while (local->grant != t) pause;
 *          if (local->top_grant) { local->top_grant = 0; return; }     (the global lock came along)
 *          t = fetch_and_add(global->request, 1); while (global->grant != t) pause;
 *          top_home = local;
 * unlock:  local = top_home; n = local->grant + 1;
 *          if (local->request != n) {                                   (a cohort waits)
 *            if (--local->batch_count &gt;= 0) { local->top_grant = 1; local->grant = n; return; }
 *            local->batch_count = batchCount;
 *          }
 *          global->grant++; local->grant = n;
 * </pre>
 *
 * <p>A socket keeps the global lock for up to {@code batchCount} hand-offs in a row (100, the
 * paper's and LiTL's) while its local lock has waiters, which the ticket lock tells without a
 * queue ({@code request} past the next grant: cohort detection); sockets take turns in the global
 * lock's FIFO order. LiTL's layout, kept: each ticket lock ({@code grant} and {@code request})
 * has a line, a socket's {@code top_grant} and {@code batch_count} the line after its ticket
 * lock's, and {@code top_home} a line of its own.
 */
@LockSpec(name = "queued.cohort-tkt-tkt", summary = "cohort lock C-TKT-TKT (Dice, Marathe and Shavit 2012): a ticket lock per socket under a global ticket lock")
public final class CohortTicketLock extends Lock {
  public static final List<ParamSpec> PARAMS = List.of(
      ParamSpec.integer("batchCount", 100, 0, 1_000_000,
          "hand-offs within a socket's cohort before the global lock is let go (the paper's and"
              + " LiTL's 100)"));

  /** A ticket lock's words (the global lock's are the lock's own line). */
  private static final int GRANT = 0;
  private static final int REQUEST = 1;
  /** A socket's state line. */
  private static final int TOP_GRANT = 0;
  private static final int BATCH = 1;
  // acquire locals
  private static final int L_SOCKET = 0;
  private static final int L_TICKET = 1;
  private static final int L_WAITED = 2;
  // release locals
  private static final int R_SOCKET = 0;
  private static final int R_NEXT = 1;
  private static final int R_LEFT = 2;

  private final long batchCount;
  private final CacheLine[] tickets;
  private final CacheLine[] state;
  private final CacheLine topHome;

  public CohortTicketLock(LockEnv env, LockParams params) {
    super(env, "queued.cohort-tkt-tkt", 2);
    routines(Routine.named("ctkt_mutex_lock", this::acquireStep),
        Routine.named("ctkt_mutex_unlock", this::releaseStep));
    this.batchCount = params.integer("batchCount");
    Machine m = env.machine();
    int sockets = m.socketCount();
    tickets = new CacheLine[sockets];
    state = new CacheLine[sockets];
    for (int s = 0; s < sockets; s++) {
      tickets[s] = m.newLine("ctkt " + env.name() + "/socket " + s, 2);
      state[s] = m.newLine("ctkt " + env.name() + "/socket " + s + " state", 2);
      // LiTL zeroes the lock; batch_count starts at 0, so a socket's first waiter-found release
      // lets the global lock go and resets it.
    }
    topHome = m.newLine("ctkt " + env.name() + " top_home", 1);
  }

  /** A user-space library's lock as well (LiTL's): lines only, no per-CPU state. */
  @Override
  public boolean userSpace() {
    return true;
  }

  private void acquireStep(Kernel k) {
    switch (k.pc()) {
      case 0 -> {
        Spin.enter(k);
        k.setLocal(L_SOCKET, k.cpu().slot().socket());
        k.setLocal(L_WAITED, 0);
        k.fetchAdd(tickets[(int) k.local(L_SOCKET)], REQUEST, 1);
        k.next(1);
      }
      case 1 -> {
        k.setLocal(L_TICKET, k.result());
        k.load(tickets[(int) k.local(L_SOCKET)], GRANT);
        k.next(2);
      }
      case 2 -> {
        if (k.result() == k.local(L_TICKET)) {
          k.load(state[(int) k.local(L_SOCKET)], TOP_GRANT);
          k.next(3);
        } else {
          contendedOnce(k, L_WAITED);
          k.spinUntil(tickets[(int) k.local(L_SOCKET)], GRANT, k.local(L_TICKET), 0, null, false);
          k.next(6);
        }
      }
      case 3 -> {
        if (k.result() != 0) {
          // The releaser passed the global lock along with the local one.
          k.store(state[(int) k.local(L_SOCKET)], TOP_GRANT, 0);
          k.next(8);
        } else {
          k.fetchAdd(line, REQUEST, 1);
          k.next(4);
        }
      }
      case 4 -> {
        k.setLocal(L_TICKET, k.result());
        k.load(line, GRANT);
        k.next(5);
      }
      case 5 -> {
        if (k.result() == k.local(L_TICKET)) {
          k.store(topHome, 0, k.local(L_SOCKET));
          k.next(8);
        } else {
          contendedOnce(k, L_WAITED);
          k.spinUntil(line, GRANT, k.local(L_TICKET), 0, null, false);
          k.next(7);
        }
      }
      // The local lock is ours after waiting: did the global lock come along?
      case 6 -> {
        k.load(state[(int) k.local(L_SOCKET)], TOP_GRANT);
        k.next(3);
      }
      // The global lock is ours after waiting.
      case 7 -> {
        k.store(topHome, 0, k.local(L_SOCKET));
        k.next(8);
      }
      case 8 -> {
        acquired(k);
        k.ret(0);
      }
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }

  private void releaseStep(Kernel k) {
    switch (k.pc()) {
      case 0 -> {
        k.load(topHome, 0);
        k.next(1);
      }
      case 1 -> {
        k.setLocal(R_SOCKET, k.result());
        k.load(tickets[(int) k.local(R_SOCKET)], GRANT);
        k.next(2);
      }
      case 2 -> {
        k.setLocal(R_NEXT, k.result() + 1);
        k.load(tickets[(int) k.local(R_SOCKET)], REQUEST);
        k.next(3);
      }
      case 3 -> {
        if (k.result() != k.local(R_NEXT)) {
          // A cohort waits: count the hand-off against the batch.
          k.load(state[(int) k.local(R_SOCKET)], BATCH);
          k.next(4);
        } else {
          releaseBoth(k);
        }
      }
      case 4 -> {
        long left = k.result() - 1;
        k.setLocal(R_LEFT, left);
        k.store(state[(int) k.local(R_SOCKET)], BATCH, left >= 0 ? left : batchCount);
        k.next(5);
      }
      case 5 -> {
        if (k.local(R_LEFT) >= 0) {
          k.store(state[(int) k.local(R_SOCKET)], TOP_GRANT, 1);
          k.next(6);
        } else {
          releaseBoth(k);
        }
      }
      case 6 -> {
        // Hand the local lock, and the global one with it, to the next socket-mate.
        released(k);
        k.storeRelease(tickets[(int) k.local(R_SOCKET)], GRANT, k.local(R_NEXT));
        k.next(10);
      }
      case 7 -> {
        // Another socket's cohort may enter from here on.
        released(k);
        k.storeRelease(line, GRANT, k.result() + 1);
        k.next(9);
      }
      case 9 -> {
        k.storeRelease(tickets[(int) k.local(R_SOCKET)], GRANT, k.local(R_NEXT));
        k.next(10);
      }
      case 10 -> {
        Spin.exit(k);
        k.ret(0);
      }
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }

  /** {@code global->grant++}, then the local lock's grant: the read of the global grant first. */
  private void releaseBoth(Kernel k) {
    k.load(line, GRANT);
    k.next(7);
  }
}
