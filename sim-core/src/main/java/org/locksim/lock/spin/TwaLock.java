package org.locksim.lock.spin;

import java.util.List;
import org.locksim.lock.Lock;
import org.locksim.lock.LockEnv;
import org.locksim.lock.LockParams;
import org.locksim.lock.LockSpec;
import org.locksim.lock.ParamSpec;
import org.locksim.machine.CacheLine;
import org.locksim.sched.Kernel;
import org.locksim.sched.Routine;

/**
 * TWA, the ticket lock augmented with a waiting array of D. Dice and A. Kogan ("TWA - Ticket
 * Locks Augmented with a Waiting Array", Euro-Par 2019): a ticket lock ({@code ticket} and
 * {@code grant} on one line) whose waiters more than {@code longTermThreshold} tickets from the
 * front do not spin on {@code grant} but on a slot of a waiting array, each slot on a line of
 * its own, chosen by hashing the ticket; a release writes {@code grant} and then increments the
 * slot of the ticket that has just come within the threshold, which sends that waiter back to
 * {@code grant}. So at most {@code longTermThreshold} waiters re-read the lock's line at each
 * release, and the hand-off stops growing with the waiters as a ticket lock's does.
 *
 * <pre>
 * lock:    tx = fetch_and_add(ticket, 1); dx = tx - grant;
 *          if (dx == 0) return;
 *          if (dx &gt; L) { at = hash(tx); u = wait[at];
 *                         while (tx - grant &gt; L) { while (wait[at] == u) pause; u = wait[at]; } }
 *          while (grant != tx) pause;
 * unlock:  k = grant + 1; grant = k; fetch_and_add(wait[hash(k + L)], 1);
 * </pre>
 *
 * <p>L is 1 and the array has 4,096 slots, the paper's choices; the hash is the ticket modulo the
 * slots, as the MIT-licensed vsync library's {@code twalock.h} has it. The paper's array is one
 * for the whole program, shared by every TWA lock; here each lock has its own, so two locks'
 * waiters never share a slot (with one contended lock, as in the paper's benchmarks, the two
 * are the same). Slots are lines made when a ticket first needs them.
 */
@LockSpec(name = "spin.twa", summary = "ticket lock augmented with a waiting array (Dice and Kogan, Euro-Par 2019): waiters far from the front spin on a hashed slot of their own line")
public final class TwaLock extends Lock {
  public static final List<ParamSpec> PARAMS = List.of(
      ParamSpec.integer("longTermThreshold", 1, 1, 1024,
          "waiters this many tickets or fewer from the front spin on grant; the others on the"
              + " waiting array (the paper's L, 1)"));

  private static final int SLOTS = 4096;
  private static final int TICKET = 0;
  private static final int GRANT = 1;
  private static final int COUNT = 0;
  // acquire locals
  private static final int TX = 0;
  private static final int SEEN = 1;
  // release locals
  private static final int K = 0;

  private final long threshold;
  private final CacheLine[] waiting = new CacheLine[SLOTS];
  private final LockEnv env;

  public TwaLock(LockEnv env, LockParams params) {
    super(env, "spin.twa", 2);
    routines(Routine.named("twa_acquire", this::acquireStep),
        Routine.named("twa_release", this::releaseStep));
    this.threshold = params.integer("longTermThreshold");
    this.env = env;
  }

  /** A user-space library's lock as well: lines and no per-CPU state, never sleeps. */
  @Override
  public boolean userSpace() {
    return true;
  }

  /** The waiting-array slot of {@code ticket}, made when first needed. */
  private CacheLine slot(long ticket) {
    int at = (int) Math.floorMod(ticket, (long) SLOTS);
    if (waiting[at] == null) {
      waiting[at] = env.machine().newLine("twa wait " + env.name() + "[" + at + "]", 1);
    }
    return waiting[at];
  }

  private void acquireStep(Kernel k) {
    switch (k.pc()) {
      case 0 -> {
        Spin.enter(k);
        k.fetchAdd(line, TICKET, 1);
        k.next(1);
      }
      case 1 -> {
        k.setLocal(TX, k.result());
        k.load(line, GRANT);
        k.next(2);
      }
      case 2 -> {
        long tx = k.local(TX);
        long dx = tx - k.result();
        if (dx == 0) {
          won(k);
        } else {
          contended(k);
          if (dx > threshold) {
            k.load(slot(tx), COUNT);
            k.next(3);
          } else {
            waitOnGrant(k, tx, k.result());
          }
        }
      }
      case 3 -> {
        k.setLocal(SEEN, k.result());
        k.load(line, GRANT);
        k.next(4);
      }
      case 4 -> {
        long tx = k.local(TX);
        if (tx - k.result() > threshold) {
          // Long-term waiting: until the release that brings tx within the threshold bumps the slot.
          k.spinWhile(slot(tx), COUNT, k.local(SEEN), 0, null, false);
          k.next(5);
        } else {
          waitOnGrant(k, tx, k.result());
        }
      }
      case 5 -> {
        k.load(slot(k.local(TX)), COUNT);
        k.next(3);
      }
      case 6 -> won(k);
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }

  /** Short-term waiting, on {@code grant} as a ticket lock's waiter does, having read {@code grant}. */
  private void waitOnGrant(Kernel k, long tx, long grant) {
    if (grant == tx) {
      won(k);
    } else {
      k.spinUntil(line, GRANT, tx, 0, null, false);
      k.next(6);
    }
  }

  private void won(Kernel k) {
    acquired(k);
    k.ret(0);
  }

  private void releaseStep(Kernel k) {
    switch (k.pc()) {
      case 0 -> {
        k.load(line, GRANT);
        k.next(1);
      }
      case 1 -> {
        long next = k.result() + 1;
        k.setLocal(K, next);
        released(k);
        k.storeRelease(line, GRANT, next);
        k.next(2);
      }
      case 2 -> {
        k.fetchAdd(slot(k.local(K) + threshold), COUNT, 1);
        k.next(3);
      }
      case 3 -> {
        Spin.exit(k);
        k.ret(0);
      }
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }
}
