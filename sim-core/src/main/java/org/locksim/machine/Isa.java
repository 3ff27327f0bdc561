package org.locksim.machine;

import org.locksim.cpu.Architecture;
import org.locksim.cpu.Instr;

/**
 * Which instruction implements each memory primitive on an architecture and kernel build.
 * On x86 an SMP kernel prefixes {@code cmpxchg} and {@code xadd} with {@code lock} and a UP
 * kernel does not, while {@code xchg} with a memory operand is locked either way (the point of
 * seed 004). arm64 with LSE uses {@code casal}, {@code swpal} and {@code ldaddal}, and
 * load-acquire and store-release instructions.
 */
public final class Isa {
  private final Instr cas;
  private final Instr xchg;
  private final Instr fetchAdd;
  private final Instr loadAcquire;
  private final Instr storeRelease;

  public Isa(Architecture arch, boolean smp) {
    if (arch.isX86()) {
      cas = smp ? Instr.LOCK_CMPXCHG : Instr.CMPXCHG;
      xchg = Instr.XCHG;
      fetchAdd = smp ? Instr.LOCK_XADD : Instr.CMPXCHG;
      loadAcquire = Instr.LOAD;
      storeRelease = Instr.STORE;
    } else {
      cas = Instr.CAS;
      xchg = Instr.SWP;
      fetchAdd = Instr.LDADD;
      loadAcquire = Instr.LDAR;
      storeRelease = Instr.STLR;
    }
  }

  public Instr cas() {
    return cas;
  }

  public Instr xchg() {
    return xchg;
  }

  public Instr fetchAdd() {
    return fetchAdd;
  }

  public Instr loadAcquire() {
    return loadAcquire;
  }

  public Instr storeRelease() {
    return storeRelease;
  }
}
