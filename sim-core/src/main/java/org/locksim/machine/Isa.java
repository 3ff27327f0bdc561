package org.locksim.machine;

import org.locksim.cpu.Architecture;
import org.locksim.cpu.Instr;

/**
 * Which instruction implements each memory primitive on an architecture and kernel build.
 * On x86 an SMP kernel prefixes {@code cmpxchg} and {@code xadd} with {@code lock} and a UP
 * kernel does not, while {@code xchg} with a memory operand is locked either way (the point of
 * seed 004). arm64 with LSE uses {@code casal}, {@code swpal} and {@code ldaddal}, and
 * load-acquire and store-release instructions. arm64 without LSE (a kernel built for
 * ARMv8.0) uses load-/store-exclusive loops: a CAS whose compare fails leaves the loop after
 * its {@code ldaxr}, a read, and never asks for the line exclusively.
 */
public final class Isa {
  private final Instr cas;
  private final Instr xchg;
  private final Instr fetchAdd;
  private final Instr loadAcquire;
  private final Instr storeRelease;
  private final Instr fullBarrier;
  private final boolean llsc;

  public Isa(Architecture arch, boolean smp) {
    this(arch, smp, false);
  }

  public Isa(Architecture arch, boolean smp, boolean llscOnArm64) {
    llsc = !arch.isX86() && llscOnArm64;
    // A program's full barrier whatever the kernel's build: GCC's __sync_synchronize().
    fullBarrier = arch.isX86() ? Instr.MFENCE : Instr.DMB;
    if (arch.isX86()) {
      cas = smp ? Instr.LOCK_CMPXCHG : Instr.CMPXCHG;
      xchg = Instr.XCHG;
      fetchAdd = smp ? Instr.LOCK_XADD : Instr.CMPXCHG;
      loadAcquire = Instr.LOAD;
      storeRelease = Instr.STORE;
    } else if (llsc) {
      cas = Instr.LDXR_STXR;
      xchg = Instr.LDXR_STXR;
      fetchAdd = Instr.LDXR_STXR;
      loadAcquire = Instr.LDAR;
      storeRelease = Instr.STLR;
    } else {
      cas = Instr.CAS;
      xchg = Instr.SWP;
      fetchAdd = Instr.LDADD;
      loadAcquire = Instr.LDAR;
      storeRelease = Instr.STLR;
    }
  }

  /** Whether a failed CAS is only a read (a load-/store-exclusive loop). */
  public boolean casFailureReads() {
    return llsc;
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

  /** A full memory barrier as a program issues it: x86 {@code mfence}, arm64 {@code dmb ish}. */
  public Instr fullBarrier() {
    return fullBarrier;
  }
}
