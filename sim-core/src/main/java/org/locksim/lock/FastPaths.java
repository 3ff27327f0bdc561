package org.locksim.lock;

import org.locksim.cpu.Instr;
import org.locksim.machine.FastPath;
import org.locksim.sched.Kernel;

/**
 * What a lock's fast path costs as the kernel compiles it ({@link FastPath}). Out of line,
 * each lock and unlock is a call; inline, there is none. C code ({@code call}, {@code inline})
 * tests the atomic's result before it branches to the slow path ({@code if
 * (!_obtain_lock(...))}); asm ({@code asm-call}, {@code asm-goto}) branches on the atomic's
 * flags. The asm that calls the slow path from inside itself ({@code asm-call}, Linux x86-64
 * before 3.11) costs the function around it the register work of its {@link AsmFrame}, which
 * asm goto (seed 003) moves onto the slow path.
 */
public final class FastPaths {
  private FastPaths() { }

  /** Adds the call of an out-of-line lock or unlock function, when the kernel has one. */
  public static void enter(Kernel k) {
    if (style(k) == FastPath.OUT_OF_LINE) {
      k.exec(Instr.CALL, 1);
    }
  }

  /**
   * Adds the test of the fast path's atomic before its branch, when C code makes one, and
   * counts the branch itself, which every style has. (The branch is counted in
   * {@code branches} but, like the rest of the fast path's jumps, priced at nothing and not
   * counted in {@code instructions}.)
   */
  public static void testResult(Kernel k) {
    if (style(k).testsResult()) {
      k.exec(Instr.TEST, 1);
    }
    k.branch(1);
  }

  /**
   * Adds what the asm's constraints cost the function on every call, fast path included, when
   * the kernel has the {@code asm-call} form. The instructions are priced together, at the
   * function's entry.
   */
  public static void asmFrame(Kernel k, AsmFrame frame) {
    if (style(k) == FastPath.ASM_CALL) {
      for (Instr i : frame.asmCall()) {
        k.exec(i, 1);
      }
    }
  }

  /**
   * Adds, on the slow path only, the register work that asm goto moved there from the fast
   * path (before the call of the slow-path function).
   */
  public static void asmGotoSlowPath(Kernel k, AsmFrame frame) {
    if (style(k) == FastPath.ASM_GOTO) {
      for (Instr i : frame.asmGotoSlowPath()) {
        k.exec(i, 1);
      }
    }
  }

  private static FastPath style(Kernel k) {
    return k.machine().kernel().fastPath();
  }
}
