package org.locksim.lock.rw;

import org.locksim.cpu.Instr;
import org.locksim.lock.spin.Spin;
import org.locksim.machine.CacheLine;
import org.locksim.sched.Kernel;

/**
 * FreeBSD 13's spin on a read-locked word, the same for a writer ({@code __rw_wlock_hard}) and
 * a reader ({@code __rw_rlock_hard}): {@code for (i = 0; i < rowner_loops; i += n) { n =
 * RW_READERS(v); lock_delay_spin(n); v = RW_READ_VALUE(rw); if (over) break; }}. The word is
 * read once per {@code n} pauses, n the readers last read, so a change is seen by the read that
 * ends the period it fell in. Between reads the spin waits event-driven for the word to change
 * and then for the end of that period, which costs no event per period.
 *
 * <p>It uses the caller's locals {@code V} (the word last read), {@code STATE} (whose bits from
 * {@link #READ_AT_SHIFT} up it keeps the time of the last read in, after the spin began) and
 * {@code DEADLINE} (when {@code rowner_loops} pauses are spent).
 */
final class ReaderSpin {
  static final int V = 0;
  static final int STATE = 1;
  static final int DEADLINE = 3;
  /** The caller's flags and counters live below this bit of {@code STATE}. */
  static final int READ_AT_SHIFT = 18;
  static final long FLAGS = (1L << READ_AT_SHIFT) - 1;

  private final FreeBsdRwLock lock;
  private final CacheLine line;

  ReaderSpin(FreeBsdRwLock lock, CacheLine line) {
    this.lock = lock;
    this.line = line;
  }

  /** Starts the spin on the value {@code v} just read: its budget, and the wait for a change. */
  void start(Kernel k, long v) {
    k.setLocal(V, v);
    k.setLocal(STATE, k.local(STATE) & FLAGS);
    long budget = budget(k);
    k.setLocal(DEADLINE, k.now() + budget);
    k.spinWhile(line, FreeBsdRwLock.W, v, budget, null, false);
  }

  /** Goes on waiting for a change, up to the deadline. */
  void waitAgain(Kernel k) {
    k.spinWhile(line, FreeBsdRwLock.W, k.local(V), Math.max(1, k.local(DEADLINE) - k.now()), null, false);
  }

  /** The word changed: spins to the end of the period it fell in; the caller then reads it. */
  void toPeriodEnd(Kernel k) {
    long lastRead = k.local(DEADLINE) - budget(k) + (k.local(STATE) >>> READ_AT_SHIFT);
    long end = periodEnd(lastRead, FreeBsdRwLock.readers(k.local(V)), k.cpu().ps(Instr.PAUSE), k.now());
    Spin.delay(k, Math.max(1, end - k.now()));
  }

  /** The caller read {@code v} now, at the end of a period. */
  void read(Kernel k, long v) {
    k.setLocal(V, v);
    long since = k.now() - (k.local(DEADLINE) - budget(k));
    k.setLocal(STATE, (k.local(STATE) & FLAGS) | (since << READ_AT_SHIFT));
  }

  private long budget(Kernel k) {
    return lock.spinLoops() * k.cpu().ps(Instr.PAUSE);
  }

  /**
   * When the read that ends the period under way at {@code now} comes: periods of
   * {@code readers} pauses (at least one) follow one another from the read at {@code lastRead};
   * a change at a period's very end is seen by that period's read.
   */
  static long periodEnd(long lastRead, long readers, long pausePs, long now) {
    long period = Math.max(1, readers) * pausePs;
    long periods = Math.max(1, (now - lastRead + period - 1) / period);
    return lastRead + periods * period;
  }
}
