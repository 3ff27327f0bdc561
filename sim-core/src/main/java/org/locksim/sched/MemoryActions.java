package org.locksim.sched;

import org.locksim.cpu.Architecture;
import org.locksim.cpu.Instr;
import org.locksim.machine.CacheLine;
import org.locksim.machine.Isa;
import org.locksim.machine.Machine;

/**
 * The {@link Kernel}'s actions on simulated memory, as a step issues them: loads, stores and
 * atomics on words and on fields of a word, each priced by the CPU's cost table for the
 * instruction the ISA uses ({@link Isa}), and the event-driven spin waits on a line's words.
 * Each records the step's one timed action ({@link StepAction}); the {@link StepLoop} performs
 * it. Part of the kernel's API, kept apart from the scheduling side of it.
 */
abstract sealed class MemoryActions extends StepFrame permits Kernel {
  private final SpinRequest spin = step.spin;
  final MemoryOps ops;

  MemoryActions(Machine machine) {
    super(machine);
    this.ops = new MemoryOps(machine.cpuCount());
  }

  public void load(CacheLine l, int w) {
    mem(MemoryOps.LOAD, l, w, 0, 0, Instr.LOAD, false);
  }

  public void loadAcquire(CacheLine l, int w) {
    mem(MemoryOps.LOAD, l, w, 0, 0, isa.loadAcquire(), false);
  }

  /**
   * A load whose miss the core does not wait for: an out-of-order core runs on past it within
   * its reorder window ({@link org.locksim.machine.Cpu#reorderWindow}). The CPU goes on after
   * the instruction; the next step's {@link #dataArrival} says when the data comes, and
   * {@link #awaitData} waits for it. The result is the word as the load sees it.
   */
  public void loadAhead(CacheLine l, int w) {
    mem(MemoryOps.LOAD_AHEAD, l, w, 0, 0, Instr.LOAD, false);
  }

  /** When the data of the current task's last {@link #loadAhead} arrives (it may have moved CPU since). */
  public long dataArrival() {
    return step.task.dataArrival;
  }

  /**
   * Waits until {@code arrival}, when the data of an earlier {@link #loadAhead} of {@code l}
   * comes: the core stalls, retiring nothing (a full reorder buffer, or the section's end).
   */
  public void awaitData(CacheLine l, long arrival) {
    step.issue(StepAction.MEM);
    ops.record(step.cpu, MemoryOps.AWAIT_DATA, l, 0, arrival, 0, 0, false, false, 0);
  }

  /**
   * Linux's {@code prefetchw()}: asks for {@code l} ahead of a store to it, without waiting for
   * it and outside the store buffer's order. Where the CPU model prices {@link Instr#PREFETCHW}
   * the line is fetched exclusive: other CPUs' copies are invalidated when the request is
   * served, so a CPU spinning on the line reads it again. Elsewhere (Intel before Broadwell)
   * a 64-bit kernel's fallback, {@code prefetcht0}, fetches a shared copy, priced as an
   * instruction off the dependency chain, and a 32-bit kernel's is no instruction at all
   * (arch/x86/include/asm/processor.h, {@code BASE_PREFETCH}): the step then issues nothing.
   */
  public void prefetchw(CacheLine l) {
    if (machine.cpu(step.cpu).prices(Instr.PREFETCHW)) {
      mem(MemoryOps.PREFETCHW, l, 0, 0, 0, Instr.PREFETCHW, true);
    } else if (machine.model().architecture() != Architecture.I686) {
      mem(MemoryOps.PREFETCH_READ, l, 0, 0, 0, Instr.ALU, true);
    }
  }

  /**
   * A full memory barrier as a program issues it ({@code __sync_synchronize()}: x86
   * {@code mfence}, arm64 {@code dmb ish}; {@link Isa#fullBarrier}): the CPU goes on once every
   * store it issued before is visible to the other CPUs, and not before the instruction's cost
   * has passed (the wait and the cost overlap).
   */
  public void fence() {
    mem(MemoryOps.FENCE, null, 0, 0, 0, isa.fullBarrier(), false);
  }

  /** A plain store (posted: the CPU does not wait for the line). */
  public void store(CacheLine l, int w, long v) {
    mem(MemoryOps.STORE, l, w, v, 0, Instr.STORE, true);
  }

  public void storeRelease(CacheLine l, int w, long v) {
    memRelease(MemoryOps.STORE, l, w, v, 0);
  }

  /** Compare-and-swap; the result is the old value. */
  public void cas(CacheLine l, int w, long expect, long update) {
    mem(isa.casFailureReads() ? MemoryOps.CAS_LLSC : MemoryOps.CAS, l, w, expect, update, isa.cas(), false);
  }

  /** Exchange; the result is the old value. */
  public void xchg(CacheLine l, int w, long v) {
    mem(MemoryOps.XCHG, l, w, v, 0, isa.xchg(), false);
  }

  /** Fetch-and-add; the result is the old value. */
  public void fetchAdd(CacheLine l, int w, long delta) {
    mem(MemoryOps.FADD, l, w, delta, 0, isa.fetchAdd(), false);
  }

  // ------------------------------------------------------------ fields of a word (sub-word access)

  /**
   * A posted store of the bits of word {@code w} under {@code mask}, the others left as they are
   * when the store is performed: a byte or halfword store ({@code WRITE_ONCE(lock->locked, 1)},
   * x86 {@code movb}/{@code movw}) into a word whose other fields other CPUs change.
   */
  public void storeField(CacheLine l, int w, long mask, long v) {
    mem(MemoryOps.STORE_FIELD, l, w, v, mask, Instr.STORE, true);
  }

  /** {@link #storeField} with release order ({@code smp_store_release} of a byte). */
  public void storeReleaseField(CacheLine l, int w, long mask, long v) {
    memRelease(MemoryOps.STORE_FIELD, l, w, v, mask);
  }

  /**
   * An exchange of the bits of word {@code w} under {@code mask} (x86's 16-bit {@code xchg},
   * locked like every {@code xchg} with memory); the result is the whole old word.
   */
  public void xchgField(CacheLine l, int w, long mask, long v) {
    mem(MemoryOps.XCHG_FIELD, l, w, v, mask, isa.xchg(), false);
  }

  /**
   * An atomic OR of {@code bits} into word {@code w}; the result is the old word. On an x86 SMP
   * kernel a {@code lock bts} or {@code lock or} (priced as {@code lockRmw}); elsewhere the
   * architecture's fetch-and-op.
   */
  public void fetchOr(CacheLine l, int w, long bits) {
    mem(MemoryOps.FETCH_OR, l, w, bits, 0, lockedRmw(), false);
  }

  /** An atomic clear of {@code bits} in word {@code w} ({@code atomic_long_andnot}), priced as {@link #fetchOr}. */
  public void fetchAndNot(CacheLine l, int w, long bits) {
    mem(MemoryOps.FETCH_ANDNOT, l, w, bits, 0, lockedRmw(), false);
  }

  private Instr lockedRmw() {
    return machine.model().architecture().isX86() && machine.kernel().smp() ? Instr.LOCK_RMW : isa.fetchAdd();
  }

  private void mem(int kind, CacheLine l, int w, long a, long b, Instr instr, boolean posted) {
    step.issue(StepAction.MEM);
    ops.record(step.cpu, kind, l, w, a, b, machine.cpu(step.cpu).ps(instr), posted, false,
        instr.instructions());
  }

  /** A posted store with release order: visible only after the CPU's earlier stores. */
  private void memRelease(int kind, CacheLine l, int w, long a, long b) {
    Instr instr = isa.storeRelease();
    step.issue(StepAction.MEM);
    ops.record(step.cpu, kind, l, w, a, b, machine.cpu(step.cpu).ps(instr), true, true,
        instr.instructions());
  }

  /**
   * Spins, event-driven, until {@code line} is written (when non-null; the caller has just read
   * it), {@code owner} leaves its CPU (when non-null), need_resched is set (when asked), or
   * {@code timeoutPs} passes (when positive). The result is a {@link WaitReason} ordinal.
   */
  public void spinWait(CacheLine line, long timeoutPs, Task owner, boolean stopOnResched) {
    step.issue(StepAction.WAIT);
    spin.any(line, owner, stopOnResched);
    step.ps = timeoutPs;
  }

  /**
   * Waits, event-driven, until another CPU writes {@code line} (the caller holds it), and goes
   * on as soon as the write is visible, with no pause: a loop whose every pass is an atomic on
   * the line itself, {@code while (!cas(p, old, new)) ;} as the core-to-core-latency tool
   * spins, whose failing passes are not simulated. The result is
   * {@link WaitReason#LINE_WRITTEN}, or {@link WaitReason#NEED_RESCHED} when the CPU is to
   * switch first.
   */
  public void awaitWrite(CacheLine line) {
    // User code is preemptible: need_resched ends the wait too (result NEED_RESCHED).
    spinWait(line, 0, null, true);
    spin.prompt = true;
  }

  /**
   * Spins, event-driven, until word {@code w} of {@code line} no longer holds {@code value}
   * (the caller has just read it), or one of the other conditions of {@link #spinWait}. A
   * write that leaves the word as it was costs the spinner a re-read of the line (a transfer
   * when its copy was invalidated) but no event: the loop {@code while (*p == v) cpu_relax();}
   * without simulating each pass.
   */
  public void spinWhile(CacheLine line, int w, long value, long timeoutPs, Task owner,
      boolean stopOnResched) {
    spinWait(line, timeoutPs, owner, stopOnResched);
    spin.word(w, value, false);
  }

  /**
   * Spins, event-driven, until word {@code w} of {@code line} holds {@code value} (or one of
   * the other conditions of {@link #spinWait}): the loop {@code while (*p != v) cpu_relax();}.
   * Writes that leave the word at another value cost the spinner a re-read but no event.
   */
  public void spinUntil(CacheLine line, int w, long value, long timeoutPs, Task owner,
      boolean stopOnResched) {
    spinWhile(line, w, value, timeoutPs, owner, stopOnResched);
    spin.until = true;
  }

  /**
   * Spins, event-driven, until word {@code w} of {@code line} holds {@code value} or word
   * {@code w2} no longer holds {@code value2} (or one of the other conditions of
   * {@link #spinWait}): a loop that watches two words of one line, such as a waiter that
   * retries its CAS until the lock is free again or an owner appears to spin on. Writes that
   * change neither cost the spinner a re-read but no event.
   */
  public void spinUntilOrChanged(CacheLine line, int w, long value, int w2, long value2,
      long timeoutPs, Task owner, boolean stopOnResched) {
    spinUntil(line, w, value, timeoutPs, owner, stopOnResched);
    spin.orChanged(w2, value2);
  }

  /**
   * Spins, event-driven, while the bits of word {@code w} under {@code mask} equal
   * {@code value} (or until one of the other conditions of {@link #spinWait}): a loop on one
   * field of a word whose other bits change ({@code while (__mutex_owner(lock) == owner)}).
   */
  public void spinWhileMasked(CacheLine line, int w, long mask, long value, long timeoutPs,
      Task owner, boolean stopOnResched) {
    spinWhile(line, w, value & mask, timeoutPs, owner, stopOnResched);
    spin.mask = mask;
  }

  /**
   * Spins, event-driven, until the bits of word {@code w} under {@code mask} equal
   * {@code value} (or one of the other conditions of {@link #spinWait}):
   * {@code atomic_cond_read_acquire(&lock->val, !(VAL & mask))} while other fields of the word
   * change. Writes that leave the masked bits short of the value cost a re-read but no event.
   */
  public void spinUntilMasked(CacheLine line, int w, long mask, long value, long timeoutPs,
      Task owner, boolean stopOnResched) {
    spinUntil(line, w, value & mask, timeoutPs, owner, stopOnResched);
    spin.mask = mask;
  }
}
