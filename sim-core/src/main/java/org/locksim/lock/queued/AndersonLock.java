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
 * Anderson's array-based queue lock (T. E. Anderson, "The Performance of Spin Lock
 * Alternatives for Shared-Memory Multiprocessors", IEEE TPDS 1(1), 1990, section III.D and
 * table II): an array of one flag per processor, and a counter that hands out places in it.
 *
 * <pre>
 * init:    flags[0] = HAS_LOCK; flags[1..P-1] = MUST_WAIT; queueLast = 0
 * lock:    myPlace = fetch_and_add(queueLast, 1) mod P;
 *          while (flags[myPlace] == MUST_WAIT) ;
 *          flags[myPlace] = MUST_WAIT;
 * unlock:  flags[(myPlace + 1) mod P] = HAS_LOCK;
 * </pre>
 *
 * Each waiter spins on its own flag, so a release invalidates one waiter's copy, not all of
 * them, and the hand-off costs one transfer however many wait, as MCS's does; unlike MCS the
 * lock needs a flag per processor whether or not it is contended, and a waiter that is not
 * running holds up every waiter behind it. P is the machine's CPU count: the lock is a kernel
 * spin lock (preemption off from lock to unlock), so no more than one task per CPU waits.
 * Anderson puts each flag on a cache line of its own; {@code slotsPerLine} above 1 packs
 * them as an unpadded array of 4-byte flags would, and then a release invalidates the
 * neighbours that spin on the same line too.
 */
@LockSpec(name = "queued.anderson", summary = "Anderson's array-based queue lock: fetch-and-add a place, spin on your own flag (Anderson 1990)")
public final class AndersonLock extends Lock {
  public static final List<ParamSpec> PARAMS = List.of(
      ParamSpec.integer("slotsPerLine", 1, 1, 16,
          "flags per cache line: 1 pads each flag to a line of its own, as Anderson advises;"
              + " 16 packs 4-byte flags into 64-byte lines"));

  static final long MUST_WAIT = 0;
  static final long HAS_LOCK = 1;
  private static final int QUEUE_LAST = 0;

  private final int places;
  private final int perLine;
  private final CacheLine[] flags;
  /** The place of the task holding the lock. */
  private long heldPlace;

  public AndersonLock(LockEnv env, LockParams params) {
    super(env, "queued.anderson", 1);
    routines(Routine.named("anderson_lock", this::acquireStep),
        Routine.named("anderson_unlock", this::releaseStep));
    this.places = env.machine().cpuCount();
    this.perLine = (int) params.integer("slotsPerLine");
    this.flags = new CacheLine[(places + perLine - 1) / perLine];
    for (int i = 0; i < flags.length; i++) {
      flags[i] = env.machine().newLine("anderson flags " + env.name() + "[" + i * perLine + "..]", perLine);
    }
    flags[0].init(0, HAS_LOCK);
  }

  private CacheLine lineOf(long place) {
    return flags[(int) (place / perLine)];
  }

  private int wordOf(long place) {
    return (int) (place % perLine);
  }

  private void acquireStep(Kernel k) {
    switch (k.pc()) {
      case 0 -> {
        Spin.enter(k);
        k.fetchAdd(line, QUEUE_LAST, 1);
        k.next(1);
      }
      case 1 -> {
        long place = Math.floorMod(k.result(), places);
        k.setLocal(0, place);
        k.load(lineOf(place), wordOf(place));
        k.next(2);
      }
      case 2 -> {
        long place = k.local(0);
        if (k.result() == HAS_LOCK) {
          // flags[myPlace] = MUST_WAIT: ready for the task that draws this place next round.
          k.store(lineOf(place), wordOf(place), MUST_WAIT);
          heldPlace = place;
          acquired(k);
          k.ret(0);
        } else {
          contended(k);
          k.spinWhile(lineOf(place), wordOf(place), MUST_WAIT, 0, null, false);
          k.next(3);
        }
      }
      case 3 -> {
        long place = k.local(0);
        k.load(lineOf(place), wordOf(place));
        k.next(2);
      }
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }

  private void releaseStep(Kernel k) {
    switch (k.pc()) {
      case 0 -> {
        released(k);
        long next = (heldPlace + 1) % places;
        k.storeRelease(lineOf(next), wordOf(next), HAS_LOCK);
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
