package org.locksim.lock.spin;

import java.util.List;
import org.locksim.lock.Lock;
import org.locksim.lock.LockEnv;
import org.locksim.lock.LockParams;
import org.locksim.lock.LockSpec;
import org.locksim.lock.ParamSpec;
import org.locksim.sched.Kernel;
import org.locksim.sched.Routine;

/**
 * Linux's x86 ticket spinlock of 2.6.25 (Nick Piggin's "x86: FIFO ticket spinlocks",
 * {@code __raw_spin_lock} and {@code __raw_spin_unlock} in include/asm-x86/spinlock.h): the
 * lock word holds the ticket being served ({@code head}) and the next ticket to hand out
 * ({@code next}). Lock takes a ticket with {@code lock xadd} on {@code next} and spins
 * ({@code rep; nop}) re-reading {@code head} until it equals the ticket; unlock increments
 * {@code head} with an unlocked {@code incb}. Waiters are served in arrival order, but every
 * waiter spins on the same line: each release, and each new ticket, invalidates every
 * waiter's copy and every waiter re-reads it, about one line transfer per waiter per release
 * (the collapse that led to queued locks).
 *
 * <p>The two fields are two words of one line. Only the holder writes {@code head}, and it
 * knows that {@code head} is its own ticket, so the {@code incb} is priced as the release store
 * of that ticket plus one (one exclusive transfer of the line, no lock prefix).
 *
 * <p>{@code backoffNs} above 0 gives the ticket lock with proportional backoff of
 * J. M. Mellor-Crummey and M. L. Scott ("Algorithms for Scalable Synchronization on
 * Shared-Memory Multiprocessors", ACM TOCS 9(1), 1991, algorithm 2): a waiter that reads
 * {@code head} short of its ticket pauses {@code backoffNs} for each holder ahead of it before
 * it reads again, instead of re-reading at every change of the line, so that only the
 * waiters near the front load the line's home. Linux's lock has no backoff (0).
 */
@LockSpec(name = "spin.ticket", summary = "Linux 2.6.25 x86 ticket spinlock: xadd a ticket, spin until head equals it")
public final class TicketLock extends Lock {
  public static final List<ParamSpec> PARAMS = List.of(
      ParamSpec.nanos("backoffNs", 0, 0, 1e6,
          "proportional backoff: pause this long per holder ahead before reading head again"
              + " (Mellor-Crummey and Scott 1991, algorithm 2); 0 spins on every change, as Linux does"));
  static final int HEAD = 0;
  static final int NEXT = 1;

  /** The ticket of the task holding the lock ({@code head} while it is held). */
  private long servedTicket;
  private final long backoffPs;

  public TicketLock(LockEnv env, LockParams params) {
    super(env, "spin.ticket", 2);
    this.backoffPs = params.nanosAsPs("backoffNs");
    routines(Routine.named("ticket_spin_lock", this::acquireStep),
        Routine.named("ticket_spin_unlock", this::releaseStep));
  }


  /** A user-space library's lock as well: one word, no per-CPU state, never sleeps. */
  @Override
  public boolean userSpace() {
    return true;
  }
  private void acquireStep(Kernel k) {
    switch (k.pc()) {
      case 0 -> {
        Spin.enter(k);
        k.fetchAdd(line, NEXT, 1);
        k.next(1);
      }
      case 1 -> {
        k.setLocal(0, k.result());
        k.load(line, HEAD);
        k.next(2);
      }
      case 2 -> {
        if (k.result() == k.local(0)) {
          won(k);
        } else {
          contended(k);
          if (backoffPs > 0) {
            Spin.delay(k, (k.local(0) - k.result()) * backoffPs);
            k.next(3);
          } else {
            // Every write of the line costs each waiter a re-read; only the one whose ticket
            // comes up goes on (the others' passes cost no event).
            k.spinUntil(line, HEAD, k.local(0), 0, null, false);
            k.next(4);
          }
        }
      }
      case 3 -> {
        k.load(line, HEAD);
        k.next(2);
      }
      case 4 -> won(k);
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }

  /** Our ticket is served: we hold the lock. */
  private void won(Kernel k) {
    servedTicket = k.local(0);
    acquired(k);
    k.ret(0);
  }

  private void releaseStep(Kernel k) {
    switch (k.pc()) {
      case 0 -> {
        released(k);
        k.storeRelease(line, HEAD, servedTicket + 1);
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
