package org.locksim.lock.spin;

import java.util.List;
import org.locksim.lock.Lock;
import org.locksim.lock.LockEnv;
import org.locksim.lock.LockParams;
import org.locksim.lock.LockSpec;
import org.locksim.lock.ParamSpec;
import org.locksim.lock.TaskWords;
import org.locksim.machine.CacheLine;
import org.locksim.machine.Machine;
import org.locksim.sched.Kernel;
import org.locksim.sched.Routine;

/**
 * The hierarchical ticket lock of T. David, R. Guerraoui and V. Trigonakis ("Everything You
 * Always Wanted to Know about Synchronization but Were Afraid to Ask", SOSP 2013; libslock's
 * {@code htlock}): a ticket lock per socket, on its socket's memory, under one global ticket
 * lock. The first waiter of a socket takes a global ticket for the whole socket and hands the
 * socket's local lock out with it; the socket's later arrivals queue on the local lock and
 * never touch the global line, until {@code batch} of them have had it or none is left.
 *
 * <pre>
 * lock:    again: t = --local.nxt;                        // local starts nxt 0, cur batch
 *          if (t &lt; -1) { wait(-t * 120 cycles); goto again; }   // a socket-mate is taking the global lock
 *          if (t &gt;= 0) wait until local.cur == t           // proportional: d * 512 cycles while d = |cur - t| &gt; 1
 *          else { wait until local.cur == batch; local.nxt = batch;   // hand out the socket's tickets
 *                 g = global.nxt++; wait until global.cur == g }      // proportional: d * 256 cycles
 * unlock:  c = local.cur; n = cmpxchg(local.nxt, c, 0);
 *          if (c == 0 || c == n) { local.cur = batch; global.cur++; }  // batch spent or no socket-mate waits
 *          else local.cur = c - 1;                                     // next socket-mate
 * </pre>
 *
 * <p>The waits are libslock's x86 build's (without {@code OPTERON_OPTIMIZE}): 512 {@code nop}
 * loop passes per holder ahead on the local lock, {@code wait_cycles(256)} per holder ahead on
 * the global one, {@code wait_cycles(120)} per socket-mate ahead while a global ticket is
 * being taken, a pass of the {@code nop} loop counted as one cycle (libslock's
 * {@code NOP_DURATION} of 1 on x86); one holder away a waiter spins on the line, event-driven.
 * A holder releases on the socket it took the lock on (libslock's threads are pinned and use
 * their own node's lock; here the socket is remembered at the acquisition). Preemption is off
 * from lock to unlock.
 *
 * <p>The algorithm needs {@code batch} above the number of threads that can wait on one socket
 * at once, and the model keeps that precondition rather than mending it: the socket's first
 * waiter takes {@code -1} and waits for {@code local.cur == batch}, which also holds while the
 * socket's previous first waiter still holds the lock and has handed none of its batch on; so
 * when {@code batch + 1} socket-mates arrive during one hold, the last resets {@code local.nxt}
 * and the next arrivals draw tickets already drawn. libslock's 128 exceeds every socket its
 * authors ran on; with {@code batch} 1 and 16 threads on a socket, two tasks hold the lock at
 * once within two simulated milliseconds, which the run reports as a violated invariant.
 */
@LockSpec(name = "spin.hticket", summary = "hierarchical ticket lock (David, Guerraoui and Trigonakis, SOSP 2013; libslock htlock): a ticket lock per socket under a global one, batches of socket-mates")
public final class HTicketLock extends Lock {
  public static final List<ParamSpec> PARAMS = List.of(
      ParamSpec.integer("batch", 128, 1, 1 << 20,
          "local tickets a socket hands out per global ticket (libslock's NB_TICKETS_LOCAL); must"
              + " exceed the threads that wait on one socket at once, or two of them draw one ticket"));

  private static final int NXT = 0;
  private static final int CUR = 1;
  private static final double LOCAL_WAIT_CYCLES = 512;
  private static final double GLOBAL_WAIT_CYCLES = 256;
  private static final double RETRY_WAIT_CYCLES = 120;
  // acquire locals
  private static final int TICKET = 0;
  private static final int WAITED = 1;

  private final long batch;
  private final CacheLine[] local;
  /** Each task's socket when it took the lock. */
  private final TaskWords socketAt = new TaskWords();

  public HTicketLock(LockEnv env, LockParams params) {
    super(env, "spin.hticket", 2);
    routines(Routine.named("htlock_lock", this::acquireStep),
        Routine.named("htlock_release", this::releaseStep));
    this.batch = params.integer("batch");
    Machine m = env.machine();
    int sockets = m.socketCount();
    this.local = new CacheLine[sockets];
    for (int c = 0; c < m.cpuCount(); c++) {
      int s = m.cpu(c).slot().socket();
      if (local[s] == null) {
        // numa_alloc_onnode(..., s): the socket's local lock is in its own memory.
        local[s] = m.newLineHomedAt("htlock local " + env.name() + "/socket" + s, 2, c);
        local[s].init(CUR, batch);
      }
    }
  }

  /** A user-space library's lock as well (libslock): lines and no per-CPU state, never sleeps. */
  @Override
  public boolean userSpace() {
    return true;
  }

  /** The socket the running task took the lock on (or is taking it on). */
  private int socketOf(Kernel k) {
    return (int) socketAt.get(k.task());
  }

  /** Remembers {@code socket} as the running task's, for its release. */
  private void rememberSocket(Kernel k, int socket) {
    socketAt.set(k.task(), socket);
  }

  /** Waits for a ticket {@code d} holders ahead: a proportional pause, or at one away the line. */
  private static void await(Kernel k, CacheLine l, long seen, long d, double cyclesEach) {
    if (d > 1) {
      Spin.delay(k, k.cpu().cyclesToPs(d * cyclesEach));
    } else {
      k.spinWhile(l, CUR, seen, 0, null, false);
    }
  }

  private void acquireStep(Kernel k) {
    switch (k.pc()) {
      case 0 -> {
        Spin.enter(k);
        int s = k.machine().cpu(k.cpuId()).slot().socket();
        rememberSocket(k, s);
        k.setLocal(WAITED, 0);
        k.fetchAdd(local[s], NXT, -1);
        k.next(1);
      }
      case 1 -> {
        long t = k.result() - 1;
        CacheLine l = local[socketOf(k)];
        k.setLocal(TICKET, t);
        if (t < -1) {
          contendedOnce(k, WAITED);
          Spin.delay(k, k.cpu().cyclesToPs(-t * RETRY_WAIT_CYCLES));
          k.next(2);
        } else {
          k.load(l, CUR);
          k.next(t >= 0 ? 10 : 20);
        }
      }
      case 2 -> {
        k.fetchAdd(local[socketOf(k)], NXT, -1);
        k.next(1);
      }
      // a local ticket: wait for the socket's holder to hand it on
      case 10 -> {
        long cur = k.result();
        long t = k.local(TICKET);
        if (cur == t) {
          acquired(k);
          k.ret(0);
        } else {
          contendedOnce(k, WAITED);
          await(k, local[socketOf(k)], cur, Math.abs(cur - t), LOCAL_WAIT_CYCLES);
          k.next(11);
        }
      }
      case 11 -> {
        k.load(local[socketOf(k)], CUR);
        k.next(10);
      }
      // the socket's first waiter: wait for its last batch to end, then hand out tickets
      case 20 -> {
        CacheLine l = local[socketOf(k)];
        long cur = k.result();
        if (cur == batch) {
          k.store(l, NXT, batch);
          k.next(21);
        } else {
          contendedOnce(k, WAITED);
          k.spinWhile(l, CUR, cur, 0, null, false);
          k.next(22);
        }
      }
      case 22 -> {
        k.load(local[socketOf(k)], CUR);
        k.next(20);
      }
      case 21 -> {
        k.fetchAdd(line, NXT, 1);
        k.next(23);
      }
      case 23 -> {
        k.setLocal(TICKET, k.result());
        k.load(line, CUR);
        k.next(24);
      }
      case 24 -> {
        long cur = k.result();
        long g = k.local(TICKET);
        if (cur == g) {
          acquired(k);
          k.ret(0);
        } else {
          contendedOnce(k, WAITED);
          await(k, line, cur, g - cur, GLOBAL_WAIT_CYCLES);
          k.next(25);
        }
      }
      case 25 -> {
        k.load(line, CUR);
        k.next(24);
      }
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }

  // locals: 0 the local lock's cur as read
  private void releaseStep(Kernel k) {
    CacheLine l = local[socketOf(k)];
    switch (k.pc()) {
      case 0 -> {
        released(k);
        k.load(l, CUR);
        k.next(1);
      }
      case 1 -> {
        k.setLocal(0, k.result());
        k.cas(l, NXT, k.result(), 0);
        k.next(2);
      }
      case 2 -> {
        long c = k.local(0);
        if (c == 0 || c == k.result()) {
          k.store(l, CUR, batch);
          k.next(3);
        } else {
          k.storeRelease(l, CUR, c - 1);
          k.next(5);
        }
      }
      case 3 -> {
        k.load(line, CUR);
        k.next(4);
      }
      case 4 -> {
        k.storeRelease(line, CUR, k.result() + 1);
        k.next(5);
      }
      case 5 -> {
        Spin.exit(k);
        k.ret(0);
      }
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }
}
