package org.locksim.lock.sleep;

import org.locksim.cpu.Instr;
import org.locksim.machine.FastPath;
import org.locksim.sched.Kernel;

/**
 * The cost of entering a lock's fast path as the kernel compiles it: a call for an out-of-line
 * function; nothing extra when inline. (The compare and branch after the atomic is priced with
 * the atomic's instruction count; asm-goto's saving of that test is not modelled yet.)
 */
final class FastPaths {
  private FastPaths() { }

  static void enter(Kernel k) {
    if (k.machine().kernel().fastPath() == FastPath.OUT_OF_LINE) {
      k.exec(Instr.CALL, 1);
    }
  }
}
