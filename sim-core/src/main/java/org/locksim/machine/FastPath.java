package org.locksim.machine;

/**
 * How a kernel compiles a lock's uncontended fast path. An out-of-line call pays a call and
 * return on every lock and unlock; an inline fast path pays none but tests the result of the
 * atomic with a compare and branch; asm-goto (Linux 2013, seed 003) jumps straight from the
 * flags of the atomic to the slow path, saving that test.
 */
public enum FastPath {
  OUT_OF_LINE("call"),
  INLINE("inline"),
  ASM_GOTO("asm-goto");

  private final String jsonName;

  FastPath(String jsonName) {
    this.jsonName = jsonName;
  }

  public String jsonName() {
    return jsonName;
  }
}
