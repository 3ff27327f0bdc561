package org.locksim.workload;

import org.locksim.cpu.Instr;
import org.locksim.machine.CacheLine;
import org.locksim.sched.Kernel;

/**
 * What locktorture's {@code _irq} types add around the lock (kernel/locking/locktorture.c,
 * v5.12): {@code spin_lock_irqsave(&torture_spinlock, flags); cxt.cur_ops->flags = flags;} and
 * {@code spin_unlock_irqrestore(&torture_spinlock, cxt.cur_ops->flags)}, and the same with
 * {@code write_lock_irqsave} and {@code read_lock_irqsave} for {@code rw_lock_irq}. The flags
 * are a field of the type's one ops structure, so every holder writes the same word: its line
 * moves to each holder in turn (and between readers holding the lock together). The field
 * sits after the function pointers the threads call through (the structure's second line
 * holds it with fields the threads of these types never read), so the line is taken as its
 * own. {@code local_irq_save} and {@code local_irq_restore} are priced as the model's
 * {@code intrDisable} and {@code intrRestore}; interrupts stay off in the model only as a cost.
 */
final class TortureIrqSave {
  private final CacheLine flags;

  /** @param flags the line of {@code cxt.cur_ops->flags}; null for a type without it */
  TortureIrqSave(CacheLine flags) {
    this.flags = flags;
  }

  /** Whether the type saves interrupts: the steps below are taken at all. */
  boolean saves() {
    return flags != null;
  }

  /** {@code local_irq_save()}, before the lock is taken. */
  void disable(Kernel k) {
    if (flags != null) {
      k.exec(Instr.INTR_DISABLE, 1);
    }
  }

  /** {@code cxt.cur_ops->flags = flags}, with the lock held. */
  void storeFlags(Kernel k) {
    k.store(flags, 0, 1);
  }

  /** The unlock's read of {@code cxt.cur_ops->flags}, before the lock is let go. */
  void loadFlags(Kernel k) {
    k.load(flags, 0);
  }

  /** {@code local_irq_restore()}, after the lock is let go. */
  void restore(Kernel k) {
    k.exec(Instr.INTR_RESTORE, 1);
  }
}
