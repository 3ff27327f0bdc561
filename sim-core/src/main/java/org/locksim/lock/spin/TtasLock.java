package org.locksim.lock.spin;

import java.util.List;
import org.locksim.lock.Lock;
import org.locksim.lock.LockEnv;
import org.locksim.lock.LockParams;
import org.locksim.lock.LockSpec;
import org.locksim.lock.ParamSpec;
import org.locksim.lock.TaskWords;
import org.locksim.sched.Kernel;
import org.locksim.sched.Routine;

/**
 * Test-and-test-and-set (L. Rudolph and Z. Segall, "Dynamic Decentralized Cache Schemes for
 * MIMD Parallel Processors", ISCA 1984; "spin on read" in T. E. Anderson, IEEE TPDS 1(1),
 * 1990, section III.B): {@code for (;;) { while (lock != 0) cpu_relax(); if (xchg(&lock, 1) ==
 * 0) break; }}, released by a plain store of 0. A waiter spins on its shared copy of the line,
 * which costs nothing until the holder's store invalidates it; then every waiter re-reads the
 * line and races for it with an atomic, the burst of traffic Anderson measured after each
 * release. Preemption is off from lock to unlock, as in {@code spin_lock()}.
 *
 * <p>With {@code backoffNs} above 0 it is the backoff lock of M. Herlihy and N. Shavit (<i>The
 * Art of Multiprocessor Programming</i>, 2008, section 7.4, {@code BackoffLock}) and libslock's
 * TTAS: a waiter whose {@code xchg} fails pauses before it reads the line again, for a delay
 * drawn at random below a limit ({@link Kernel#random}) that starts at {@code backoffNs} and
 * doubles after each failure up to {@code backoffCapNs}. The limit starts afresh at each
 * acquisition, as the book's {@code Backoff} object is made per {@code lock()} call; with
 * {@code backoffKept} each thread keeps its limit from one acquisition to the next, as
 * libslock's {@code ttas_lock} does (src/ttas.c: the limit is the thread's own word for the
 * lock, set once to {@code MIN_DELAY} and doubled up to {@code MAX_DELAY}, never reset), so
 * that once a thread has failed a few times every delay is drawn below the cap.
 */
@LockSpec(name = "spin.ttas", summary = "test-and-test-and-set: spin reading the shared line, then xchg")
public final class TtasLock extends StoreReleaseSpinLock {
  public static final List<ParamSpec> PARAMS = List.of(
      ParamSpec.nanos("backoffNs", 0, 0, 1e6,
          "after a failed xchg, pause a time drawn at random below this limit before reading the"
              + " line again, the limit doubling after each failure (Herlihy and Shavit's"
              + " BackoffLock); 0 reads again at once"),
      ParamSpec.nanos("backoffCapNs", 5_000, 1, 1e9, "highest limit; the limit doubles up to it"),
      ParamSpec.bool("backoffKept", false,
          "each thread keeps its limit from one acquisition to the next (libslock's TTAS);"
              + " false: it starts at backoffNs at each acquisition (Herlihy and Shavit)"));

  /** The local that holds the limit of the next pause. */
  private static final int DELAY = 0;

  private final long backoffPs;
  private final long capPs;
  /** Per task, the limit it kept from its last acquisition, or 0; null unless kept. */
  private final TaskWords kept;

  public TtasLock(LockEnv env, LockParams params) {
    super(env, "spin.ttas");
    routines(Routine.named("ttas_lock", this::acquireStep),
        Routine.named("ttas_unlock", this::releaseStep));
    this.backoffPs = params.nanosAsPs("backoffNs");
    this.capPs = Math.max(backoffPs, params.nanosAsPs("backoffCapNs"));
    this.kept = params.bool("backoffKept") ? new TaskWords() : null;
  }

  /** The limit the running task's next failure draws below: its own kept one, if kept. */
  private long firstLimit(Kernel k) {
    if (kept == null) {
      return backoffPs;
    }
    long limit = kept.get(k.task());
    return limit == 0 ? backoffPs : limit;
  }

  /** Sets the running task's next limit, and keeps it for its next acquisition, if kept. */
  private void keepLimit(Kernel k, long limit) {
    k.setLocal(DELAY, limit);
    if (kept != null) {
      kept.set(k.task(), limit);
    }
  }

  private void acquireStep(Kernel k) {
    switch (k.pc()) {
      case 0 -> {
        Spin.enter(k);
        if (backoffPs > 0) {
          k.setLocal(DELAY, firstLimit(k));
        }
        k.load(line, 0);
        k.next(1);
      }
      case 1 -> {
        if (k.result() != UNOWNED) {
          // while (lock != 0) cpu_relax(): event-driven on the shared copy.
          contended(k);
          k.spinWait(line, 0, null, false);
          k.next(2);
        } else {
          k.xchg(line, 0, TasLock.LOCKED);
          k.next(3);
        }
      }
      case 2 -> {
        k.load(line, 0);
        k.next(1);
      }
      case 3 -> {
        if (k.result() == UNOWNED) {
          acquired(k);
          k.ret(0);
        } else if (backoffPs > 0) {
          contended(k);
          long limit = k.local(DELAY);
          Spin.delay(k, k.random(limit));
          keepLimit(k, Math.min(2 * limit, capPs));
          k.next(2);
        } else {
          contended(k);
          k.load(line, 0);
          k.next(1);
        }
      }
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }
}
