package org.locksim.lock;

import java.util.List;
import java.util.Objects;
import org.locksim.cpu.Instr;

/**
 * What an asm fast path's register constraints cost the function around it, in instructions
 * of the cost table. An asm statement that calls the slow path from inside itself (Linux's
 * x86-64 {@code __mutex_fastpath_lock} before 3.11: input pinned in {@code %rdi}, output
 * {@code "=D"}, {@code rax, rsi, rdx, rcx, r8-r11} clobbered) hides the call from the
 * compiler, which must keep what the function needs after the asm in callee-saved registers,
 * reload the pinned input, and build a frame it cannot move off the fast path. With asm goto
 * the slow-path call is C code the compiler sees, so it moves the register work onto the slow
 * path ("x86: Use asm goto to implement mutex fast path on x86-64", Linux 3.11).
 *
 * @param function the kernel function this frame belongs to
 * @param asmCall what the function runs on every call, fast path included, with
 *     {@code fastPath} {@code asm-call} and not with asm goto
 * @param asmGotoSlowPath what asm goto still runs, on the slow path only (before its call)
 */
public record AsmFrame(String function, List<Instr> asmCall, List<Instr> asmGotoSlowPath) {
  public AsmFrame {
    Objects.requireNonNull(function, "function");
    asmCall = List.copyOf(asmCall);
    asmGotoSlowPath = List.copyOf(asmGotoSlowPath);
  }
}
