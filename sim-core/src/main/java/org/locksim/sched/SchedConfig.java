package org.locksim.sched;

/**
 * Scheduler settings, named after their Linux sysctls. Defaults are Linux 2.6.29's
 * ({@code kernel/sched_fair.c}: {@code sysctl_sched_latency} 20 ms,
 * {@code sysctl_sched_min_granularity} 4 ms, {@code sysctl_sched_wakeup_granularity} 5 ms),
 * as written, unscaled: {@link #scaling} multiplies the three by the machine's CPU count as
 * Linux does at boot ({@link #scaledFor}).
 *
 * @param latencyPs the period in which every runnable task of a run queue runs once
 * @param minGranularityPs the shortest slice
 * @param wakeupGranularityPs how much less virtual runtime a woken task needs to preempt
 * @param balanceTicks ticks between periodic load-balancing passes of a CPU
 * @param idleBalance whether a CPU that goes idle pulls a runnable task from the busiest queue
 * @param wakeIdle whether a task woken while its previous CPU is busy goes to the nearest idle
 *     CPU of that CPU's socket ({@code select_idle_sibling} over the last-level cache, Linux
 *     2.6.32 on, and the idle-CPU searches of FreeBSD's ULE and OpenBSD's {@code
 *     sched_choosecpu}); false as in Linux 2.6.27 to 2.6.31, whose default scheduling domains
 *     set neither {@code SD_WAKE_IDLE} nor {@code SD_WAKE_IDLE_FAR}, so {@code wake_idle}
 *     keeps the task on the CPU {@code select_task_rq_fair} chose
 * @param migrationCostPs a task that ran more recently than this is cache-hot and load
 *     balancing leaves it where it is ({@code sysctl_sched_migration_cost}, 0.5 ms in 2.6.29's
 *     kernel/sched.c; {@code task_hot()} in {@code can_migrate_task()})
 * @param scaling how the three granularities grow with the CPU count ({@link TunableScaling})
 */
public record SchedConfig(
    long latencyPs,
    long minGranularityPs,
    long wakeupGranularityPs,
    int balanceTicks,
    boolean idleBalance,
    boolean wakeIdle,
    long migrationCostPs,
    TunableScaling scaling) {
  public static final long MS = 1_000_000_000L;

  public SchedConfig {
    if (latencyPs <= 0 || minGranularityPs <= 0 || wakeupGranularityPs < 0 || balanceTicks < 1
        || migrationCostPs < 0 || scaling == null) {
      throw new IllegalArgumentException("scheduler settings must be positive");
    }
  }

  /**
   * Linux 2.6.29's sysctls, with periodic balancing every 4 ticks; woken tasks look for an idle
   * CPU, as every other kernel the catalog models does.
   */
  public static SchedConfig defaults() {
    return new SchedConfig(20 * MS, 4 * MS, 5 * MS, 4, true, true, MS / 2, TunableScaling.NONE);
  }

  /**
   * These settings as a kernel booted on {@code cpus} CPUs uses them: latency, minimum and
   * wakeup granularity multiplied by the scaling's factor, the rest as they are.
   */
  public SchedConfig scaledFor(int cpus) {
    if (scaling == TunableScaling.NONE) {
      return this;
    }
    return new SchedConfig(scaling.scaleSlice(latencyPs, cpus),
        scaling.scaleSlice(minGranularityPs, cpus), wakeupGranularityPs * scaling.factor(cpus),
        balanceTicks, idleBalance, wakeIdle, migrationCostPs, TunableScaling.NONE);
  }

  /** The slice of one task when {@code nrRunning} tasks share the run queue. */
  public long slicePs(int nrRunning) {
    if (nrRunning <= 1) {
      return latencyPs;
    }
    return Math.max(minGranularityPs, latencyPs / nrRunning);
  }
}
