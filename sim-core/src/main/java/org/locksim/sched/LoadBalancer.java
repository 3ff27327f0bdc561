package org.locksim.sched;

import org.locksim.engine.Simulation;
import org.locksim.machine.Machine;

/**
 * CFS's load balancing over the per-CPU run queues, simplified: a CPU going idle pulls a
 * queued task from the busiest queue ({@code idle_balance}); every few ticks a CPU pulls one
 * when another queue is at least two tasks longer ({@code rebalance_domains}). Only a
 * cache-cold task allowed on the pulling CPU moves ({@code can_migrate_task}), so a pinned
 * task never does.
 */
final class LoadBalancer {
  private final Scheduler sched;
  private final Simulation sim;
  private final Machine machine;
  private final SchedConfig cfg;
  private final RunQueue[] rq;
  private final Task[] current;

  LoadBalancer(Scheduler sched, Simulation sim, Machine machine, SchedConfig cfg, RunQueue[] rq,
      Task[] current) {
    this.sched = sched;
    this.sim = sim;
    this.machine = machine;
    this.cfg = cfg;
    this.rq = rq;
    this.current = current;
  }

  /** The periodic balance of {@code cpu} at {@code now}, every few of its ticks. */
  void periodic(int cpu, long now) {
    if (current[cpu] == null) {
      Task n = pullFromBusiest(cpu, 1);
      if (n != null) {
        rq[cpu].advanceMin(n.vruntime);
        sched.switchIn(cpu, n, now);
      }
      return;
    }
    Task n = pullFromBusiest(cpu, rq[cpu].size() + 2);
    if (n != null) {
      sched.enqueue(cpu, n, now);
    }
  }

  /**
   * Takes a cache-cold queued task allowed on {@code cpu} from the CPU with the longest queue,
   * if that queue holds at least {@code min}; nearer CPUs win ties. A queue whose every task
   * is pinned elsewhere is passed over for the next busiest, as {@code load_balance} retries
   * without a group whose tasks are all pinned ({@code LBF_ALL_PINNED}); one with an allowed
   * task that is still cache-hot gives none.
   */
  Task pullFromBusiest(int cpu, int min) {
    long now = sim.now();
    long[] pinned = null;
    while (true) {
      int busiest = busiest(cpu, min, pinned);
      if (busiest < 0) {
        return null;
      }
      Task t = rq[busiest].lastCold(now - cfg.migrationCostPs(), cpu);
      if (t == null) {
        if (rq[busiest].anyAllowedOn(cpu)) {
          return null;
        }
        if (pinned == null) {
          pinned = new long[(current.length + 63) >>> 6];
        }
        pinned[busiest >>> 6] |= 1L << busiest;
        continue;
      }
      sched.dequeue(busiest, t, now);
      t.vruntime += rq[cpu].minVruntime - rq[busiest].minVruntime;
      return t;
    }
  }

  /** The CPU with the longest queue of at least {@code min}, not in {@code skip}; or -1. */
  private int busiest(int cpu, int min, long[] skip) {
    int busiest = -1;
    int most = min - 1;
    long nearest = Long.MAX_VALUE;
    for (int c = 0; c < current.length; c++) {
      if (c == cpu || (skip != null && (skip[c >>> 6] & (1L << c)) != 0)) {
        continue;
      }
      int q = rq[c].size();
      long d = machine.transferPs(c, cpu);
      if (q > most || (q == most && q >= min && d < nearest)) {
        most = q;
        busiest = c;
        nearest = d;
      }
    }
    return busiest;
  }
}
