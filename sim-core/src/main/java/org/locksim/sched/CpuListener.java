package org.locksim.sched;

/** Hears every closed CPU interval: for traces and profiles. */
@FunctionalInterface
public interface CpuListener {
  /** {@code cpu} spent {@code [from, to)} in {@code mode}, in kernel function {@code fn}. */
  void interval(int cpu, CpuMode mode, String fn, long from, long to);
}
