package org.locksim.lock.spin;

import org.locksim.cpu.Instr;
import org.locksim.lock.FastPaths;
import org.locksim.sched.Kernel;

/**
 * What every spin lock's entry and exit cost, and the pause loops they wait in.
 *
 * <p>Linux's {@code spin_lock()} of 2.6.25 ({@code _spin_lock} in kernel/spinlock.c) is an
 * out-of-line call that does {@code preempt_disable()} (an increment of the thread's
 * {@code preempt_count}) before the architecture's lock; {@code spin_unlock()} ends with
 * {@code preempt_enable()} (the decrement and a test of {@code need_resched}). A task that
 * holds or waits for a spin lock is therefore never preempted.
 *
 * <p>A pause loop ({@code while (...) cpu_relax();}, {@code CPU_BUSY_CYCLE()}) is a
 * {@link Kernel#spinWait} without a line: accounted as spinning, and, since its end is known when
 * it starts, it costs no event of its own.
 * The kernel adds the pause in which the loop notices that the wait is over; {@link #delay}
 * waits that much less, so that the whole loop lasts what was asked.
 */
public final class Spin {
  private Spin() { }

  /** The call of an out-of-line lock function, when the kernel compiles it so, and preempt_disable. */
  public static void enter(Kernel k) {
    FastPaths.enter(k);
    k.exec(Instr.LOAD, 1);
    k.exec(Instr.STORE, 1);
    k.preemptDisable();
  }

  /**
   * The call of an out-of-line unlock function, when the kernel compiles it so, and
   * preempt_enable: the decrement of preempt_count and the test of need_resched.
   */
  public static void exit(Kernel k) {
    FastPaths.enter(k);
    k.exec(Instr.LOAD, 1);
    k.exec(Instr.STORE, 1);
    k.exec(Instr.LOAD, 1);
    k.preemptEnable();
  }

  /** Spins about {@code ps} picoseconds in a pause loop, as a timed action (at least a pause). */
  public static void delay(Kernel k, long ps) {
    long notice = k.cpu().ps(Instr.PAUSE);
    k.spinWait(null, Math.max(1, ps - notice), null, false);
  }

  /** Spins {@code n} pause instructions ({@code n >= 1}), as a timed action. */
  public static void pauses(Kernel k, long n) {
    delay(k, n * k.cpu().ps(Instr.PAUSE));
  }
}
