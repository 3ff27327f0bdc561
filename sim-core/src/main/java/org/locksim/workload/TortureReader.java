package org.locksim.workload;

import java.util.SplittableRandom;
import org.locksim.cpu.Instr;
import org.locksim.lock.Lock;
import org.locksim.machine.CacheLine;
import org.locksim.sched.Kernel;
import org.locksim.sched.Routine;

/**
 * One reader thread of {@link LockTorture}: {@code lock_torture_reader} in
 * kernel/locking/locktorture.c (v5.12):
 *
 * <pre>
 *   do {
 *     one draw in 2^20: sleep one jiffy        (schedule_timeout_uninterruptible(1))
 *     readlock()
 *     atomic_inc(&amp;lock_is_read_held); check lock_is_write_held   (the module's globals)
 *     n_lock_acquired++                        (the reader's slot of the lrsa array)
 *     read_delay()                             (the type's draws and busy delays, see TortureType)
 *     atomic_dec(&amp;lock_is_read_held)
 *     readunlock()
 *     stutter_wait()
 *   } while (!torture_must_stop());
 * </pre>
 *
 * Unlike a writer it has no {@code task_boost()} and does not write {@code last_lock_release}.
 */
final class TortureReader extends Routine {
  private final LockTorture w;
  private final Lock lock;
  private final CacheLine globals;
  private final int writeHeld;
  private final int readHeld;
  private final CacheLine stats;
  private final int slot;
  private final TortureStutter stutter;
  private final TortureIrqSave irq;
  private final SplittableRandom random;

  TortureReader(LockTorture w, Lock lock, CacheLine globals, int writeHeld, int readHeld,
      CacheLine stats, int slot, TortureStutter stutter, TortureIrqSave irq,
      SplittableRandom random) {
    super(LockTorture.READER, false);
    this.w = w;
    this.lock = lock;
    this.globals = globals;
    this.writeHeld = writeHeld;
    this.readHeld = readHeld;
    this.stats = stats;
    this.slot = slot;
    this.stutter = stutter;
    this.irq = irq;
    this.random = random;
  }

  /** When the data of the section's load of its stats slot arrives. */
  private long statsArrive;

  @Override
  public void step(Kernel k) {
    switch (k.pc()) {
      case 3 -> {
        k.fetchAdd(globals, readHeld, 1);     // atomic_inc(&lock_is_read_held)
        k.next(4);
      }
      case 4 -> {
        k.load(globals, writeHeld);           // WARN_ON_ONCE(lock_is_write_held)
        k.next(5);
      }
      case 5 -> {
        k.loadAhead(stats, slot);             // lrsp->n_lock_acquired++
        k.next(14);
      }
      case 14 -> {
        statsArrive = k.dataArrival();
        k.store(stats, slot, k.result() + 1);
        k.next(6);
      }
      case 6 -> {
        // read_delay(): its draws and the busy delay, with the lock held for reading.
        k.exec(Instr.CALL, 1);
        long delay = w.type().readDelayPs(random, w.readers(), w.longDelayMs());
        double cycles = w.type().draws() * w.drawCycles();
        LockTorture.hold(k, cycles, delay);
        k.next(7);
      }
      case 7 -> {
        // The atomic waits for the loads before it (a locked instruction is a full barrier).
        if (statsArrive > k.now()) {
          k.awaitData(stats, statsArrive);
        }
        k.next(15);
      }
      case 15 -> {
        k.fetchAdd(globals, readHeld, -1);    // atomic_dec(&lock_is_read_held)
        k.exec(Instr.CALL, 1);                // readunlock()
        k.next(irq.saves() ? 12 : 8);
      }
      default -> {
        // The loop's first draw and readlock() (flags saved by readers too); the release and
        // the stutter.
        if (!TortureLoop.before(k, 1, w.drawCycles(), random, lock.readAcquire(), irq)
            && !TortureLoop.after(k, lock.readRelease(), irq, stutter)) {
          throw new IllegalStateException("pc " + k.pc());
        }
      }
    }
  }
}
