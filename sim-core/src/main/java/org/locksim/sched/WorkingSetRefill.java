package org.locksim.sched;

import org.locksim.machine.Machine;

/**
 * What a task owes when it runs on a CPU other than its last one: it refetches its working set
 * from the cache it left, each line one transfer between the two CPUs, {@code missesInFlight}
 * of them overlapped (the CPU model's {@code coherence.missesInFlight}). So a move between SMT
 * siblings, which share their caches, costs next to nothing, a move within a socket costs
 * lines times the on-socket transfer, and a move to another socket lines times the remote one;
 * the working set is the workload's ({@code workingSetLines}), not the machine's, so a
 * description carries from one machine to another. This is the cache-affinity cost that the
 * scheduler's {@code migration_cost} heuristic stands for (Li, Ding and Shen, "Quantifying the
 * cost of context switch", ExpCS 2007, measure it from microseconds to milliseconds with the
 * working set). Not modelled: lines evicted while the task was away (the model has no cache
 * capacity), and TLB refills.
 */
final class WorkingSetRefill {
  private final Machine machine;
  private final double inFlight;

  WorkingSetRefill(Machine machine) {
    this.machine = machine;
    this.inFlight = machine.model().coherence().missesInFlight().value();
  }

  /** Picoseconds of refill a task of {@code lines} owes after moving from {@code from} to {@code to}. */
  long ps(int lines, int from, int to) {
    return Math.round(lines * (double) machine.transferPs(from, to) / inFlight);
  }
}
