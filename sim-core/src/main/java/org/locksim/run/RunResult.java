package org.locksim.run;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.locksim.metrics.LockStats;
import org.locksim.sched.Counters.Snapshot;
import org.locksim.sched.CpuMode;

/**
 * What one run measured, over its measurement window (the warm-up excluded).
 *
 * @param label scenario label ({@code name/variant})
 * @param seed the seed of this run
 * @param counters counter deltas over the window
 * @param cpuMHz frequency of each CPU, for cycles
 * @param opName what one workload operation is
 * @param locks lock statistics over the window
 * @param violations invariant violations found (empty when the run is sound)
 * @param events engine events run, warm-up included
 * @param finite the workload ended by itself: elapsed time is its real time
 * @param taskCounts per-task acquisitions of the workload's task groups (locktorture's
 *     writers), empty when it has none
 * @param tasks each task's allowed CPUs, the CPUs it ran on and its migrations (whole run)
 * @param lineTransfers cache lines moved between caches (or in from memory) over the window,
 *     every line of the machine: the locks', their queue nodes', the workload's data
 * @param lockEvents the kernel's lock event counts over the window, summed over the locks
 *     ({@link org.locksim.lock.Lock#lockEvents}); empty when no lock of the run has any
 */
public record RunResult(
    String label,
    long seed,
    Snapshot counters,
    double[] cpuMHz,
    String opName,
    List<LockStats> locks,
    List<String> violations,
    long events,
    boolean finite,
    List<TaskCounts> taskCounts,
    List<TaskPlacement> tasks,
    long lineTransfers,
    Map<String, Long> lockEvents) {

  public RunResult {
    taskCounts = List.copyOf(taskCounts);
    lockEvents = Collections.unmodifiableMap(new LinkedHashMap<>(lockEvents));
  }

  /** Seconds of simulated time in the window. */
  public double elapsedSeconds() {
    return counters.timePs() / 1e12;
  }

  /** CPU time of all tasks in milliseconds: perf's task-clock. */
  public double taskClockMs() {
    long busy = 0;
    for (int c = 0; c < cpuMHz.length; c++) {
      busy += counters.busy(c);
    }
    return busy / 1e9;
  }

  /** Cycles all CPUs ran while not idle. */
  public double cycles() {
    double s = 0;
    for (int c = 0; c < cpuMHz.length; c++) {
      s += counters.busy(c) * cpuMHz[c] / 1e6;
    }
    return s;
  }

  public long instructions() {
    return counters.instructions();
  }

  /** Branch instructions retired: perf's {@code branches}. */
  public long branches() {
    return counters.branches();
  }

  public long ops() {
    return counters.ops();
  }

  /** Workload operations per simulated second. */
  public double opsPerSecond() {
    return counters.ops() / elapsedSeconds();
  }

  /**
   * Cache-line transfers per workload operation, every line counted: the coherence traffic an
   * operation costs, which Mellor-Crummey and Scott (ACM TOCS 9(1), 1991) bound by a constant
   * for a queue lock and which grows with the waiters for test-and-set.
   */
  public double transfersPerOp() {
    return counters.ops() == 0 ? Double.NaN : lineTransfers / (double) counters.ops();
  }

  /**
   * Lock event {@code name} over the locks' acquisitions in the window (for qspinlock,
   * {@code lock_slowpath}: the share of acquisitions that queued); NaN when no lock of the run
   * counts that event or nothing was acquired.
   */
  public double lockEventShare(String name) {
    Long n = lockEvents.get(name);
    long acquisitions = 0;
    for (LockStats l : locks) {
      acquisitions += l.acquisitions();
    }
    return n == null || acquisitions == 0 ? Double.NaN : n / (double) acquisitions;
  }

  /** Cycles per workload operation (for one busy CPU: the cost of one operation). */
  public double cyclesPerOp() {
    return counters.ops() == 0 ? Double.NaN : cycles() / counters.ops();
  }

  /** Page faults taken. */
  public long pageFaults() {
    return counters.pageFaults();
  }

  /** Spinning milliseconds by kernel function. */
  public java.util.Map<String, Double> spinMsByFunction() {
    java.util.Map<String, Double> out = new java.util.TreeMap<>();
    counters.spinPsByFunction().forEach((k, v) -> out.put(k, v / 1e9));
    return out;
  }

  /** time(1)'s sys in milliseconds: all kernel time, context switches and spinning included. */
  public double sysMs() {
    return ms(CpuMode.SYSTEM) + ms(CpuMode.SWITCHING) + ms(CpuMode.SPINNING);
  }

  /** Milliseconds all CPUs spent in {@code m}. */
  public double ms(CpuMode m) {
    return counters.total(m) / 1e9;
  }
}
