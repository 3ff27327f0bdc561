package org.locksim.machine;

import org.locksim.cpu.CostTable;
import org.locksim.cpu.CpuSlot;
import org.locksim.cpu.Instr;
import org.locksim.engine.Round;

/**
 * One logical CPU with its cost table in picoseconds at its own frequency, so that CPUs of
 * different clusters (Apple P and E cores) price the same instruction differently.
 */
public final class Cpu {
  private final CpuSlot slot;
  private final long[] instrPs;
  private final double psPerCycle;
  private final int reorderWindow;
  private final int reorderWindowShared;

  Cpu(CpuSlot slot, CostTable costs, int reorderWindow, int reorderWindowShared) {
    this.slot = slot;
    this.psPerCycle = slot.psPerCycle();
    this.reorderWindow = reorderWindow;
    this.reorderWindowShared = reorderWindowShared;
    Instr[] all = Instr.values();
    this.instrPs = new long[all.length];
    for (Instr i : all) {
      instrPs[i.ordinal()] = costs.has(i) ? Math.round(costs.cyclesOf(i) * psPerCycle) : -1;
    }
  }

  public int id() {
    return slot.id();
  }

  public CpuSlot slot() {
    return slot;
  }

  /** Picoseconds of one execution of {@code instr}; fails when the model does not price it. */
  public long ps(Instr instr) {
    long v = instrPs[instr.ordinal()];
    if (v < 0) {
      throw new IllegalStateException("CPU model does not price " + instr.jsonName());
    }
    return v;
  }

  /** Whether the model prices {@code instr} (an optional one may be missing). */
  public boolean prices(Instr instr) {
    return instrPs[instr.ordinal()] >= 0;
  }

  /** Picoseconds of {@code cycles} cycles of this CPU. */
  public long cyclesToPs(double cycles) {
    return Round.of(cycles * psPerCycle);
  }

  /** Cycles this CPU runs in {@code ps} picoseconds. */
  public double psToCycles(long ps) {
    return ps / psPerCycle;
  }

  /**
   * Instructions the core runs on past a load that misses before it must wait for the data
   * (its reorder buffer, {@link org.locksim.cpu.Cluster#reorderWindow}); 0 when it waits at
   * once.
   */
  public int reorderWindow() {
    return reorderWindow;
  }

  /**
   * The window while another thread of the core is active ({@link
   * org.locksim.cpu.Cluster#reorderWindowShared}): half of it where the threads partition the
   * reorder buffer.
   */
  public int reorderWindowShared() {
    return reorderWindowShared;
  }

  public double frequencyMHz() {
    return slot.frequencyMHz();
  }
}
