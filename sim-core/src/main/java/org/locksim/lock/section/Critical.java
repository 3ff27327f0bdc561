package org.locksim.lock.section;

import org.locksim.cpu.Instr;
import org.locksim.sched.Kernel;

/**
 * The costs of FreeBSD 5's {@code critical_enter} and {@code critical_exit} (sys/kern/
 * kern_switch.c, i386 {@code cpu_critical_enter} of 2004): a call, the load and store of
 * {@code td_critnest}, and on the outermost level {@code intr_disable()} ({@code pushfl; cli})
 * or {@code intr_restore()} ({@code popfl}). Preemption is off in between.
 */
public final class Critical {
  private Critical() { }

  /** {@code critical_enter()}. */
  public static void enter(Kernel k) {
    k.exec(Instr.CALL, 1);
    k.exec(Instr.LOAD, 1);
    k.exec(Instr.INTR_DISABLE, 1);
    k.exec(Instr.STORE, 1);
    k.preemptDisable();
  }

  /** {@code critical_exit()}. */
  public static void exit(Kernel k) {
    k.exec(Instr.CALL, 1);
    k.exec(Instr.LOAD, 1);
    k.exec(Instr.STORE, 1);
    k.exec(Instr.INTR_RESTORE, 1);
    k.preemptEnable();
  }
}
