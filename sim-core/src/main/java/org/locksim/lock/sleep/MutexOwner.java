package org.locksim.lock.sleep;

import org.locksim.machine.CacheLine;
import org.locksim.sched.Kernel;
import org.locksim.sched.Routine;
import org.locksim.sched.Task;

/**
 * The owner word of Linux's mutex since 4.10 (kernel/locking/mutex.c, v5.12): the owning task
 * above three flag bits, and {@code __mutex_trylock_or_owner}, which takes the mutex when no
 * task owns it (or it was handed to the caller) and otherwise reports the owner.
 *
 * <pre>
 * owner = READ(lock->owner);
 * for (;;) {
 *   task = owner &amp; ~FLAGS; flags = owner &amp; FLAGS;
 *   if (task) { if (task != current || !(flags &amp; PICKUP)) break; flags &amp;= ~PICKUP; }
 *   flags &amp;= ~HANDOFF;
 *   old = cmpxchg(&amp;lock->owner, owner, current | flags); if (old == owner) return NULL;
 *   owner = old;
 * }
 * return owner task;
 * </pre>
 */
final class MutexOwner {
  /** Non-empty wait list: the unlock must take the slow path. */
  static final long WAITERS = 0x01;
  /** The first waiter asks for the mutex to be handed to it. */
  static final long HANDOFF = 0x02;
  /** The mutex has been handed to the task in the word, which has to pick it up. */
  static final long PICKUP = 0x04;
  static final long FLAGS = 0x07;

  private MutexOwner() { }

  /** The owner word of {@code t}: its id plus one, above the flags. */
  static long of(Task t) {
    return (t.id() + 1L) << 3;
  }

  /** The task an owner word names, or null. */
  static Task task(Kernel k, long owner) {
    return k.taskById((int) (owner >>> 3) - 1);
  }

  /**
   * The trylock on word {@code w} of {@code line}: returns 0 when it took the mutex, else the
   * owner word it found (non-zero: a task owns the mutex).
   */
  static Routine trylock(CacheLine line, int w) {
    return Routine.named("__mutex_trylock", k -> step(k, line, w));
  }

  private static void step(Kernel k, CacheLine line, int w) {
    long cur = of(k.task());
    switch (k.pc()) {
      case 0 -> {
        k.load(line, w);
        k.next(1);
      }
      case 1 -> tryOwner(k, line, w, k.result(), cur);
      case 2 -> {
        long old = k.result();
        if (old == k.local(0)) {
          k.ret(0);
        } else {
          tryOwner(k, line, w, old, cur);
        }
      }
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }

  private static void tryOwner(Kernel k, CacheLine line, int w, long owner, long cur) {
    long flags = owner & FLAGS;
    long task = owner & ~FLAGS;
    if (task != 0 && (task != cur || (flags & PICKUP) == 0)) {
      k.ret(owner);
      return;
    }
    // Taking it: drop PICKUP (a hand-off to us) and HANDOFF (it must not outlive the lock).
    k.setLocal(0, owner);
    k.cas(line, w, owner, cur | (flags & WAITERS));
    k.next(2);
  }
}
