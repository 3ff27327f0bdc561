package org.locksim.bench.hold;

/**
 * The hold model of priority-queue benchmarks (Jones, "An empirical comparison of
 * priority-queue and event-set implementations", CACM 29(4), 1986): a fixed number of pending
 * events; each hold pops the earliest and pushes one at its time plus a random increment. One
 * implementation per event set measured, all fed the same {@link HoldIncrements}.
 */
public interface HoldModel {
  /** Fills the event set with {@code pending} events, the i-th at time {@code increments.at(i)}. */
  void fill(HoldIncrements increments, int pending);

  /** One hold: pops the earliest event and pushes it back {@code increment} later; returns its time. */
  long hold(long increment);
}
