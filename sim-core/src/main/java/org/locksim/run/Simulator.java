package org.locksim.run;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.locksim.engine.EventQueue;
import org.locksim.engine.Simulation;
import org.locksim.lock.Lock;
import org.locksim.lock.LockEnv;
import org.locksim.lock.LockObserver;
import org.locksim.machine.CacheLine;
import org.locksim.machine.Machine;
import org.locksim.metrics.LockStats;
import org.locksim.random.RandomStreams;
import org.locksim.run.record.Listeners;
import org.locksim.run.record.LockStatRecorder;
import org.locksim.run.record.TaskGroupRecorder;
import org.locksim.scenario.LockDef;
import org.locksim.scenario.Scenario;
import org.locksim.sched.Counters.Snapshot;
import org.locksim.sched.KernelObserver;
import org.locksim.sched.Kernel;

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
    return run(s, seed, Listeners.adapt(observer, lockObserver));
  }

  /**
   * Runs {@code s} once with {@code seed}, telling {@code listener} (may be null) when the run
   * starts, everything the kernel and the locks report, and when it ends.
   */
  public static RunResult run(Scenario s, long seed, RunListener listener) {
    return execute(s, seed, listener, new Simulation());
  }

  /**
   * Runs {@code s} once with {@code seed} on an engine whose pending events are kept in
   * {@code queue}: every queue pops the same events in the same order, so the result is the
   * same and only the speed differs (the benchmarks compare them end to end).
   */
  public static RunResult runOn(EventQueue queue, Scenario s, long seed, RunListener listener) {
    return execute(s, seed, listener, new Simulation(queue));
  }

  private static RunResult execute(Scenario s, long seed, RunListener listener, Simulation sim) {
    Machine machine = new Machine(s.machine(), s.kernel());
    List<Lock> lockList = new ArrayList<>();
    List<LockStats> stats = new ArrayList<>();
    // Locks that name one line share it: each has its words on that line's coherence state.
    Map<String, CacheLine> sharedLines = new HashMap<>();
    for (LockDef d : s.locks()) {
      CacheLine home = d.line() == null ? null
          : sharedLines.computeIfAbsent(d.line(), n -> machine.newLine("line " + n, 0));
      lockList.add(d.factory().create(new LockEnv(d.name(), machine, home), d.params()));
      stats.add(new LockStats(d.name(), d.algorithm()));
    }
    List<org.locksim.workload.TaskGroup> groups = s.workload().taskGroups();
    TaskGroupRecorder perTask = groups.isEmpty() ? null : new TaskGroupRecorder(groups);
    RunListener all = Listeners.of(new LockStatRecorder(stats), perTask, listener);
    Kernel kernel = new Kernel(sim, machine, s.scheduler(), all);
    kernel.seed(seed);
    if (all.wantsCallers()) {
      kernel.trackCallers();
    }
    Map<String, Lock> locks = new LinkedHashMap<>();
    for (Lock l : lockList) {
      l.observe(all);
      locks.put(l.name(), l);
    }
    long warmup = s.run().warmupPs();
    long end = warmup + s.run().durationPs();
    all.started(new RunContext(s, seed, machine, lockList, warmup, end));
    s.workload().start(kernel, locks, new RandomStreams(seed));
    kernel.startTicks();
    boolean finite = s.workload().finite();
    if (finite) {
      kernel.stopWhenAllExit();
    }
    sim.runUntil(warmup);
    Snapshot before = kernel.counters().snapshot(warmup);
    stats.forEach(LockStats::reset);
    if (perTask != null) {
      perTask.reset();
    }
    long[] transfers = new long[lockList.size()];
    for (int i = 0; i < transfers.length; i++) {
      transfers[i] = lockList.get(i).line().transfers();
    }
    long allTransfers = machine.coherence().transfers();
    List<Map<String, Long>> eventsBefore = lockList.stream().map(Lock::lockEvents).toList();
    sim.runUntil(end);
    if (finite && kernel.allExitedAt() >= 0) {
      end = Math.max(warmup, kernel.allExitedAt());
    }
    Snapshot after = kernel.counters().snapshot(end);
    all.finished(end);
    for (int i = 0; i < transfers.length; i++) {
      stats.get(i).lineTransfers(lockList.get(i).line().transfers() - transfers[i]);
    }
    List<String> violations = new ArrayList<>();
    for (Lock l : lockList) {
      violations.addAll(l.verify(kernel));
    }
    double[] mhz = new double[machine.cpuCount()];
    for (int c = 0; c < mhz.length; c++) {
      mhz[c] = machine.cpu(c).frequencyMHz();
    }
    return new RunResult(s.label(), seed, after.minus(before), mhz, s.workload().opName(), stats,
        violations, sim.eventsRun(), finite, perTask == null ? List.of() : perTask.counts(),
        kernel.tasks().stream()
            .map(t -> new TaskPlacement(t.name(), t.allowed(), t.ranOn(), t.migrations())).toList(),
        machine.coherence().transfers() - allTransfers, windowEvents(lockList, eventsBefore));
  }

  /**
   * The locks' lock events over the window, summed by name as the kernel's counters sum every
   * lock's, in the order the locks list them.
   */
  private static Map<String, Long> windowEvents(List<Lock> locks, List<Map<String, Long>> before) {
    Map<String, Long> out = new LinkedHashMap<>();
    for (int i = 0; i < locks.size(); i++) {
      Map<String, Long> was = before.get(i);
      locks.get(i).lockEvents().forEach((name, n) -> out.merge(name, n - was.getOrDefault(name, 0L), Long::sum));
    }
    return out;
  }
}
