package org.locksim.lock.rw;

import java.util.function.LongPredicate;
import org.locksim.cpu.Instr;
import org.locksim.lock.spin.Spin;
import org.locksim.machine.CacheLine;
import org.locksim.sched.Kernel;
import org.locksim.sched.Task;
import org.locksim.sched.WaitReason;

/**
 * The two waiting loops of FreeBSD 13's {@code __rw_wlock_hard} and {@code __rw_rlock_hard},
 * the same on both sides, as steps of the caller's routine at pcs the caller gives:
 *
 * <ul>
 *   <li>the loop on a running writer owner: {@code do { lock_delay(&lda); v =
 *       RW_READ_VALUE(rw); } while (the owner runs)}, {@code lock_delay} doubling its pauses up
 *       to {@code delay_max};
 *   <li>the spin on a read-locked word: {@code for (i = 0; i < rowner_loops; i += n) { n =
 *       RW_READERS(v); lock_delay_spin(n); v = RW_READ_VALUE(rw); if (over) break; }}. The word
 *       is read once per n pauses, n the readers last read, so a change is seen by the read
 *       that ends the period it fell in. Between reads the spin waits event-driven for the word
 *       to change and then for the end of that period, which costs no event per period.
 * </ul>
 *
 * <p>It uses the caller's locals {@code V} (the word last read), {@code STATE} (whose bits from
 * {@link #READ_AT_SHIFT} up keep the time of the spin's last read, after it began),
 * {@code DELAY_PAUSES} ({@code lock_delay}'s delay) and {@code DEADLINE} (when
 * {@code rowner_loops} pauses are spent).
 */
final class FreeBsdRwLoops {
  /** Where each loop hands back to the caller's routine. */
  /**
   * Where a side goes on when a loop ends.
   *
   * @param ownerStopped the owner no longer runs: go on with the word {@code v} just read
   * @param readersDone the spin on readers is over ({@code over} held for the word it read, now
   *     in {@code V})
   * @param spinSpentPc where to go when the spin on readers spent its {@code rowner_loops} pauses
   */
  record Exits(Resume ownerStopped, Resume readersDone, int spinSpentPc) { }

  /** Goes on at some step of the side's routine with the lock word {@code v} just read. */
  interface Resume {
    void at(Kernel k, long v);
  }

  static final int V = 0;
  static final int STATE = 1;
  static final int DELAY_PAUSES = 2;
  static final int DEADLINE = 3;
  /** The caller's flags and counters live below this bit of {@code STATE}. */
  static final int READ_AT_SHIFT = 18;
  static final long FLAGS = (1L << READ_AT_SHIFT) - 1;

  private final FreeBsdRwLock lock;
  private final CacheLine line;
  private final int delayPc;
  private final int spinPc;
  private final LongPredicate over;
  private final Exits exits;

  /**
   * @param delayPc the first of the two pcs of the loop on a running owner
   * @param spinPc the first of the four pcs of the spin on readers
   * @param over whether the spin on readers ends at the word it read
   */
  FreeBsdRwLoops(FreeBsdRwLock lock, CacheLine line, int delayPc, int spinPc, LongPredicate over,
      Exits exits) {
    this.lock = lock;
    this.line = line;
    this.delayPc = delayPc;
    this.spinPc = spinPc;
    this.over = over;
    this.exits = exits;
  }

  /** Whether {@code pc} is a step of one of the loops. */
  boolean owns(int pc) {
    return pc == delayPc || pc == delayPc + 1 || (pc >= spinPc && pc < spinPc + 4);
  }

  /** {@code lock_delay(&lda)}, then the read of the word. */
  void delay(Kernel k) {
    long d = lock.nextDelay(k.local(DELAY_PAUSES));
    k.setLocal(DELAY_PAUSES, d);
    Spin.pauses(k, d);
    k.next(delayPc);
  }

  /** Starts the spin on the read-locked value {@code v} just read. */
  void spin(Kernel k, long v) {
    k.setLocal(V, v);
    k.setLocal(STATE, k.local(STATE) & FLAGS);
    long budget = budget(k);
    k.setLocal(DEADLINE, k.now() + budget);
    k.spinWhile(line, FreeBsdRwLock.W, v, budget, null, false);
    k.next(spinPc + 1);
  }

  /** Runs the step at {@code k.pc()}, one of the loops' ({@link #owns}). */
  void step(Kernel k) {
    int pc = k.pc();
    if (pc == delayPc) {
      k.load(line, FreeBsdRwLock.W);
      k.next(delayPc + 1);
    } else if (pc == delayPc + 1) {
      long v = k.result();
      Task owner = FreeBsdRwLock.writer(k, v);
      if (owner != null && k.onCpu(owner)) {
        delay(k);
      } else {
        exits.ownerStopped().at(k, v);
      }
    } else if (pc == spinPc) {
      k.spinWhile(line, FreeBsdRwLock.W, k.local(V), Math.max(1, k.local(DEADLINE) - k.now()), null, false);
      k.next(spinPc + 1);
    } else if (pc == spinPc + 1) {
      if (WaitReason.of(k.result()) != WaitReason.LINE_WRITTEN) {
        k.next(exits.spinSpentPc());  // i reached rowner_loops
      } else {
        Spin.delay(k, Math.max(1, periodEnd(k) - k.now()));
        k.next(spinPc + 2);
      }
    } else if (pc == spinPc + 2) {
      k.load(line, FreeBsdRwLock.W);
      k.next(spinPc + 3);
    } else {
      long v = k.result();
      read(k, v);
      if (over.test(v)) {
        exits.readersDone().at(k, v);
      } else if (k.now() < k.local(DEADLINE)) {
        k.next(spinPc);
      } else {
        k.next(exits.spinSpentPc());
      }
    }
  }

  /** The spin read {@code v} now, at the end of a period. */
  private void read(Kernel k, long v) {
    k.setLocal(V, v);
    long since = k.now() - (k.local(DEADLINE) - budget(k));
    k.setLocal(STATE, (k.local(STATE) & FLAGS) | (since << READ_AT_SHIFT));
  }

  private long periodEnd(Kernel k) {
    long lastRead = k.local(DEADLINE) - budget(k) + (k.local(STATE) >>> READ_AT_SHIFT);
    return periodEnd(lastRead, FreeBsdRwLock.readers(k.local(V)), k.cpu().ps(Instr.PAUSE), k.now());
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
