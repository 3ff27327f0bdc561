package org.locksim.sched;

/**
 * How Linux scales the CFS granularities by the number of CPUs at boot, so that a big machine
 * gets longer slices and a woken task needs a larger lead to preempt.
 *
 * <ul>
 *   <li>{@link #NONE}: the values as written ({@code SCHED_TUNABLESCALING_NONE}).
 *   <li>{@link #LOG}: times {@code 1 + ilog2(min(cpus, 8))}, Linux's default since 2.6.36
 *       ({@code sysctl_sched_tunable_scaling = SCHED_TUNABLESCALING_LOG},
 *       {@code get_update_sysctl_factor()} in kernel/sched/fair.c).
 *   <li>{@link #LINEAR}: times {@code min(cpus, 8)} ({@code SCHED_TUNABLESCALING_LINEAR}).
 *   <li>{@link #LOG_UNCAPPED}: times {@code 1 + ilog2(cpus)} with no cap on the CPU count, and
 *       the latency and the minimum granularity kept under 200 ms, as 2.6.24 to 2.6.35's
 *       {@code sched_init_granularity()} in kernel/sched.c did (2.6.29 on 16 CPUs: 20, 4 and
 *       5 ms become 100, 20 and 25 ms).
 * </ul>
 */
public enum TunableScaling {
  NONE("none"),
  LOG("log"),
  LINEAR("linear"),
  LOG_UNCAPPED("log-uncapped");

  /** 2.6.29's {@code limit} on the scaled latency and minimum granularity: 200 ms. */
  static final long UNCAPPED_LIMIT_PS = 200 * SchedConfig.MS;

  private final String jsonName;

  TunableScaling(String jsonName) {
    this.jsonName = jsonName;
  }

  /** The name scenario files use. */
  public String jsonName() {
    return jsonName;
  }

  /** The factor the granularities are multiplied by on a machine of {@code cpus} CPUs. */
  public int factor(int cpus) {
    if (cpus < 1) {
      throw new IllegalArgumentException("a machine has at least one CPU");
    }
    int capped = Math.min(cpus, 8);
    return switch (this) {
      case NONE -> 1;
      case LOG -> 1 + ilog2(capped);
      case LINEAR -> capped;
      case LOG_UNCAPPED -> 1 + ilog2(cpus);
    };
  }

  /** The scaled latency or minimum granularity: times the factor, under the 2.6.29 limit
   * where this rule has one. */
  long scaleSlice(long ps, int cpus) {
    long scaled = ps * factor(cpus);
    return this == LOG_UNCAPPED ? Math.min(scaled, UNCAPPED_LIMIT_PS) : scaled;
  }

  private static int ilog2(int n) {
    return 31 - Integer.numberOfLeadingZeros(n);
  }
}
