package org.locksim.lock;

import org.locksim.cpu.Instr;
import org.locksim.machine.FastPath;
import org.locksim.sched.Kernel;

/**
 * What a lock's fast path costs as the kernel compiles it. Out of line, each lock and unlock
 * is a call; inline, there is none. Either way the C code tests the atomic's result before it
 * branches to the slow path ({@code if (!_obtain_lock(...))}); with asm-goto (Linux 2013, seed
 * 003) the branch is taken straight on the atomic's flags and the test is gone.
 */
public final class FastPaths {
  private FastPaths() { }

  /** Adds the call of an out-of-line lock or unlock function, when the kernel has one. */
  public static void enter(Kernel k) {
    if (k.machine().kernel().fastPath() == FastPath.OUT_OF_LINE) {
      k.exec(Instr.CALL, 1);
    }
  }

  /**
   * Adds the test of the fast path's atomic before its branch, unless asm-goto saves it, and
   * counts the branch itself, which every style has. (The branch is counted in
   * {@code branches} but, like the rest of the fast path's jumps, priced at nothing and not
   * counted in {@code instructions}.)
   */
  public static void testResult(Kernel k) {
    if (k.machine().kernel().fastPath() != FastPath.ASM_GOTO) {
      k.exec(Instr.TEST, 1);
    }
    k.branch(1);
  }
}
