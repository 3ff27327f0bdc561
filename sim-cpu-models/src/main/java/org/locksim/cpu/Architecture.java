package org.locksim.cpu;

import java.util.EnumSet;
import java.util.Set;

/**
 * Instruction-set families locksim models, each with the instructions its cost table must
 * price. x86 has one memory RMW family (the {@code lock} prefix, implicit on {@code xchg});
 * arm64 with LSE has single-instruction atomics ({@code cas}, {@code swp}, {@code ldadd}) and
 * the older exclusive pair.
 */
public enum Architecture implements JsonNamed {
  I686("i686", EnumSet.of(Instr.LOAD, Instr.STORE, Instr.PAUSE, Instr.CMPXCHG,
      Instr.LOCK_CMPXCHG, Instr.XCHG, Instr.LOCK_XADD, Instr.LOCK_RMW, Instr.MFENCE,
      Instr.INTR_DISABLE, Instr.INTR_RESTORE, Instr.CALL, Instr.TEST, Instr.ALU)),
  AMD64("amd64", I686.required),
  ARM64("arm64", EnumSet.of(Instr.LOAD, Instr.STORE, Instr.PAUSE, Instr.LDAR, Instr.STLR,
      Instr.CAS, Instr.SWP, Instr.LDADD, Instr.LDXR_STXR, Instr.DMB, Instr.INTR_DISABLE,
      Instr.INTR_RESTORE, Instr.CALL, Instr.TEST, Instr.ALU));

  private final String jsonName;
  private final Set<Instr> required;

  Architecture(String jsonName, Set<Instr> required) {
    this.jsonName = jsonName;
    this.required = required;
  }

  /** The name used in model files: {@code i686}, {@code amd64}, {@code arm64}. */
  @Override
  public String jsonName() {
    return jsonName;
  }

  /** The instructions a model of this architecture must price, no more and no fewer. */
  public Set<Instr> requiredInstructions() {
    return EnumSet.copyOf(required);
  }

  /**
   * The instructions a model of this architecture may price or leave out: a prefetch for
   * writing, which not every part has ({@link Instr#PREFETCHW}).
   */
  public Set<Instr> optionalInstructions() {
    return EnumSet.of(Instr.PREFETCHW);
  }

  /** x86 (i686 and amd64) rather than arm64. */
  public boolean isX86() {
    return this != ARM64;
  }

  public static Architecture fromJsonName(String name) {
    Architecture a = JsonNamed.find(values(), name);
    if (a == null) {
      throw new IllegalArgumentException("unknown architecture " + name);
    }
    return a;
  }
}
