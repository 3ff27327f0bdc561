package org.locksim.run;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.locksim.engine.Simulation;
import org.locksim.lock.Lock;
import org.locksim.lock.LockEnv;
import org.locksim.lock.LockObserver;
import org.locksim.machine.Machine;
import org.locksim.metrics.LockStats;
import org.locksim.random.RandomStreams;
import org.locksim.scenario.LockDef;
import org.locksim.scenario.Scenario;
import org.locksim.sched.Counters.Snapshot;
import org.locksim.sched.KernelObserver;
import org.locksim.sched.Kernel;
import org.locksim.sched.Task;

/**
 * Assembles a scenario into machine, kernel, locks and workload, runs its warm-up and its
 * measurement window, checks every lock's invariants and returns the figures.
 */
public final class Simulator {
  private Simulator() { }

  /** Runs {@code s} once with {@code seed}. */
  public static RunResult run(Scenario s, long seed) {
    return run(s, seed, null, null);
  }

  /**
   * Runs {@code s} once with {@code seed}, telling {@code observer} what the kernel does and
   * {@code lockObserver} what the locks do (traces, profiles); either may be null.
   */
  public static RunResult run(Scenario s, long seed, KernelObserver observer, LockObserver lockObserver) {
    Simulation sim = new Simulation();
    Machine machine = new Machine(s.machine(), s.kernel());
    Kernel kernel = new Kernel(sim, machine, s.scheduler(), observer);
    Map<String, Lock> locks = new LinkedHashMap<>();
    List<LockStats> stats = new ArrayList<>();
    for (LockDef d : s.locks()) {
      Lock l = d.factory().create(new LockEnv(d.name(), machine), d.params());
      LockStats st = new LockStats(d.name(), d.algorithm());
      LockObserver stat = new StatsObserver(st);
      l.observe(lockObserver == null ? stat : LockObserver.both(stat, lockObserver));
      locks.put(d.name(), l);
      stats.add(st);
    }
    s.workload().start(kernel, locks, new RandomStreams(seed));
    kernel.startTicks();
    boolean finite = s.workload().finite();
    if (finite) {
      kernel.stopWhenAllExit();
    }
    long warmup = s.run().warmupPs();
    sim.runUntil(warmup);
    Snapshot before = kernel.counters().snapshot(warmup);
    stats.forEach(LockStats::reset);
    long end = warmup + s.run().durationPs();
    sim.runUntil(end);
    if (finite && kernel.allExitedAt() >= 0) {
      end = Math.max(warmup, kernel.allExitedAt());
    }
    Snapshot after = kernel.counters().snapshot(end);
    List<String> violations = new ArrayList<>();
    for (Lock l : locks.values()) {
      violations.addAll(l.verify(kernel));
    }
    double[] mhz = new double[machine.cpuCount()];
    for (int c = 0; c < mhz.length; c++) {
      mhz[c] = machine.cpu(c).frequencyMHz();
    }
    return new RunResult(s.label(), seed, after.minus(before), mhz, s.workload().opName(), stats,
        violations, sim.eventsRun());
  }

  /** Feeds a lock's acquisitions and releases into its {@link LockStats}. */
  private static final class StatsObserver implements LockObserver {
    private final LockStats stats;
    private final Map<Integer, Long> waitingSince = new LinkedHashMap<>();

    StatsObserver(LockStats stats) {
      this.stats = stats;
    }

    @Override
    public void contended(Lock lock, Task task, long now) {
      if (waitingSince.putIfAbsent(task.id(), now) == null) {
        stats.contended(LockStats.NO_POINT, false);
      }
    }

    @Override
    public void acquired(Lock lock, Task task, long now) {
      Long since = waitingSince.remove(task.id());
      stats.acquired(since == null ? 0 : now - since, false, false, false);
    }

    @Override
    public void released(Lock lock, Task task, long now, long heldPs) {
      stats.released(heldPs);
    }
  }
}
