package org.locksim.workload;

import java.util.SplittableRandom;
import org.locksim.cpu.Instr;
import org.locksim.sched.Kernel;
import org.locksim.sched.Routine;

/**
 * The steps that locktorture's writer and reader loops share ({@code lock_torture_writer} and
 * {@code lock_torture_reader}, kernel/locking/locktorture.c, v5.12): before the lock, the loop's
 * first draw, a one-jiffy sleep once in 2^20 loops ({@code schedule_timeout_uninterruptible(1)})
 * and the call of the lock with interrupts saved for the {@code _irq} types; after the section,
 * the flags' reload, the release, the stutter check and round again. Each loop keeps its
 * section's steps and calls {@link #before} and {@link #after} for the program counters these
 * own: 0, 1, 2 and 11 go on at 3; 12, 8 and 13 go on at 9, and 9 and 10 are the stutter's.
 */
final class TortureLoop {
  /** One draw in 2^20 sleeps a jiffy: {@code (torture_random(&rand) & 0xfffff) == 0}. */
  private static final long SLEEP_MASK = 0xfffff;

  private TortureLoop() { }

  /**
   * The loop's steps up to the section, which starts at program counter 3.
   *
   * @param calls the calls before the lock's ({@code task_boost()} for writers, then the lock
   *     type's {@code writelock} or {@code readlock})
   * @return false when the program counter is not one of these steps
   */
  static boolean before(Kernel k, int calls, double drawCycles, SplittableRandom random,
      Routine acquire, TortureIrqSave irq) {
    switch (k.pc()) {
      case 0 -> {
        k.exec(Instr.CALL, calls);
        LockTorture.compute(k, drawCycles);
        k.next((random.nextLong(1L << 32) & SLEEP_MASK) == 0 ? 1 : 2);
      }
      case 1 -> {
        k.sleep(k.machine().kernel().tickPs());
        k.next(2);
      }
      case 2 -> {
        irq.disable(k);
        k.call(acquire);
        k.next(irq.saves() ? 11 : 3);
      }
      case 11 -> {
        irq.storeFlags(k);                    // cxt.cur_ops->flags = flags
        k.next(3);
      }
      default -> {
        return false;
      }
    }
    return true;
  }

  /**
   * The loop's steps from the release on; a section ends by going on at 12 when the type
   * saves interrupts, else at 8.
   *
   * @return false when the program counter is not one of these steps
   */
  static boolean after(Kernel k, Routine release, TortureIrqSave irq, TortureStutter stutter) {
    switch (k.pc()) {
      case 12 -> {
        irq.loadFlags(k);
        k.next(8);
      }
      case 8 -> {
        k.call(release);
        k.countOp();
        k.next(irq.saves() ? 13 : 9);
      }
      case 13 -> {
        irq.restore(k);
        k.next(9);
      }
      case 9 -> stutter.check(k, 10);
      case 10 -> stutter.act(k, 9);
      default -> {
        return false;
      }
    }
    return true;
  }
}
