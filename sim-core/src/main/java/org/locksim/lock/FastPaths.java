package org.locksim.lock;

import org.locksim.cpu.Instr;
import org.locksim.machine.FastPath;
import org.locksim.sched.Kernel;

/**
 * The cost of entering a lock's fast path as the kernel compiles it: a call for an out-of-line
 * function; nothing extra when inline. (The compare and branch after the atomic is priced with
 * the atomic's instruction count; asm-goto's saving of that test is not modelled yet.)
 */
public final class FastPaths {
  private FastPaths() { }

  /** Adds the call of an out-of-line lock or unlock function, when the kernel has one. */
  public static void enter(Kernel k) {
    if (k.machine().kernel().fastPath() == FastPath.OUT_OF_LINE) {
      k.exec(Instr.CALL, 1);
    }
  }
}
