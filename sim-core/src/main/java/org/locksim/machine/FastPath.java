package org.locksim.machine;

/**
 * How a kernel compiles a lock's uncontended fast path.
 *
 * <ul>
 *   <li>{@link #OUT_OF_LINE}: the lock and the unlock are calls, and the C code tests the
 *       atomic's result before it branches to the slow path.
 *   <li>{@link #INLINE}: no call; the C code still tests the result ({@code if
 *       (!_obtain_lock(...))}).
 *   <li>{@link #ASM_CALL}: an asm statement that branches on the atomic's flags and calls the
 *       slow path from inside the asm, as Linux's x86-64 mutex did from 2.6.16 to 3.10
 *       (arch/x86/include/asm/mutex_64.h: {@code lock decl (%rdi); jns 1f; call fail_fn; 1:},
 *       with the mutex pinned in {@code %rdi} and {@code rax, rsi, rdx, rcx, r8-r11}
 *       clobbered). No test, but the constraints cost the function around the asm register
 *       saves and moves, which the lock lists ({@link org.locksim.lock.AsmFrame}).
 *   <li>{@link #ASM_GOTO}: an asm goto that branches on the atomic's flags to a slow-path call
 *       the compiler sees ("x86: Use asm goto to implement mutex fast path on x86-64", Wedson
 *       Almeida Filho, merged for Linux 3.11; seed 003 measures it): no test and no constraint
 *       cost on the fast path.
 * </ul>
 */
public enum FastPath {
  OUT_OF_LINE("call"),
  INLINE("inline"),
  ASM_CALL("asm-call"),
  ASM_GOTO("asm-goto");

  private final String jsonName;

  FastPath(String jsonName) {
    this.jsonName = jsonName;
  }

  public String jsonName() {
    return jsonName;
  }

  /** Whether the fast path tests the atomic's result before its branch (C code does; asm does not). */
  public boolean testsResult() {
    return this == OUT_OF_LINE || this == INLINE;
  }
}
