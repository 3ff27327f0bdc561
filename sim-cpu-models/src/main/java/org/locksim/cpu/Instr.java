package org.locksim.cpu;

/**
 * The instructions (or fixed instruction pairs) a cost table prices, with the name used in
 * model files, how many instructions each retires (for the {@code instructions} counter) and
 * how many of those are branches (for the {@code branches} counter: the call and the return of
 * {@link #CALL}; every other entry is straight-line code).
 */
public enum Instr implements JsonNamed {
  /** A load that hits in L1. */
  LOAD("load", 1),
  /** A store that hits in L1 (x86 stores have release semantics already). */
  STORE("store", 1),
  /** The spin-loop hint: x86 {@code pause}, arm64 {@code yield}/{@code isb}. */
  PAUSE("pause", 1),
  /** {@code cmpxchg} without the lock prefix, as a UP kernel issues it. */
  CMPXCHG("cmpxchg", 1),
  /** {@code lock cmpxchg}. */
  LOCK_CMPXCHG("lockCmpxchg", 1),
  /** {@code xchg} with a memory operand: always locked on x86, with or without a prefix. */
  XCHG("xchg", 1),
  /** {@code lock xadd}. */
  LOCK_XADD("lockXadd", 1),
  /** Other locked read-modify-writes: {@code lock inc/dec/or/and}. */
  LOCK_RMW("lockRmw", 1),
  /** {@code mfence}. */
  MFENCE("mfence", 1),
  /** Interrupts off: {@code pushfl; cli} on x86, {@code msr daifset} on arm64. */
  INTR_DISABLE("intrDisable", 2),
  /** Interrupt state restored: {@code popfl} on x86, {@code msr daif} on arm64. */
  INTR_RESTORE("intrRestore", 1),
  /** A call and return of a small kernel function, prologue and epilogue included. */
  CALL("call", 6, 2),
  /**
   * The test of an atomic's result before the branch to the slow path ({@code test}/{@code cmp}
   * on x86, {@code cmp} on arm64): what an inline fast path pays and an asm-goto one does not.
   */
  TEST("test", 1),
  /**
   * A register move or a simple ALU operation off the path's dependency chain ({@code mov r,r},
   * {@code sub $imm,%rsp} on x86, {@code mov}/{@code add} on arm64), priced at its issue slot:
   * the register shuffling that an asm statement's constraints force on the function around it
   * (Linux's x86-64 mutex fast path before asm-goto, {@code kernel.fastPath} {@code asm-call}).
   */
  ALU("alu", 1),
  /** arm64 load-acquire. */
  LDAR("ldar", 1),
  /** arm64 store-release. */
  STLR("stlr", 1),
  /** arm64 LSE compare-and-swap ({@code casal}). */
  CAS("cas", 1),
  /** arm64 LSE swap ({@code swpal}). */
  SWP("swp", 1),
  /** arm64 LSE fetch-and-add ({@code ldaddal}). */
  LDADD("ldadd", 1),
  /** One arm64 exclusive pair, {@code ldaxr} + {@code stlxr}, that succeeds. */
  LDXR_STXR("ldxrStxr", 2),
  /** arm64 {@code dmb ish}. */
  DMB("dmb", 1),
  /**
   * A prefetch for writing: x86's {@code prefetchw} where the part has it (CPUID PRFCHW: AMD's
   * 64-bit parts, Intel's from Broadwell on), arm64's {@code prfm pstl1strm}. Optional in a
   * cost table: a model without it prefetches for reading instead, as Linux's x86
   * {@code prefetchw()} falls back to {@code prefetcht0}.
   */
  PREFETCHW("prefetchw", 1);

  private final String jsonName;
  private final int instructions;
  private final int branches;

  Instr(String jsonName, int instructions) {
    this(jsonName, instructions, 0);
  }

  Instr(String jsonName, int instructions, int branches) {
    this.jsonName = jsonName;
    this.instructions = instructions;
    this.branches = branches;
  }

  /** The key of this instruction in a model file's {@code costs} object. */
  @Override
  public String jsonName() {
    return jsonName;
  }

  /** Instructions retired when this entry executes once. */
  public int instructions() {
    return instructions;
  }

  /** Branch instructions among {@link #instructions()}: calls, returns and jumps. */
  public int branches() {
    return branches;
  }

  /** The instruction with this model-file key, or null. */
  public static Instr fromJsonName(String name) {
    return JsonNamed.find(values(), name);
  }
}
