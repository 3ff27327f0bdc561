package org.locksim.lock.contract;

import java.util.Locale;

/**
 * One contention run of the contract: how many CPUs and tasks, how long, and how the tasks use
 * the lock.
 *
 * @param cpus CPUs of the {@link ContractMachine}
 * @param tasks tasks, placed round-robin on the CPUs
 * @param runPs the stop time, after which each task exits when it next finds itself outside
 *     the lock; the run goes on for a grace period so that every waiter can leave
 * @param twoOnOneLine two such locks on one cache line, the tasks taking one or the other
 * @param readers every other task takes a reader-writer lock for reading
 * @param seed the seed of the tasks' think times
 */
public record ContractSetup(int cpus, int tasks, long runPs, boolean twoOnOneLine, boolean readers,
    long seed) {
  /** The seed the project's own contract test uses. */
  public static final long SEED = 20240324;

  public ContractSetup {
    if (cpus < 1 || tasks < 1 || runPs < 0) {
      throw new IllegalArgumentException(cpus + " CPUs, " + tasks + " tasks, " + runPs + " ps");
    }
  }

  /** The same set-up with another size. */
  public ContractSetup resized(int c, int t, long ps) {
    return new ContractSetup(c, t, ps, twoOnOneLine, readers, seed);
  }

  /** For people: {@code 2 CPUs, 4 tasks, 0.10 ms, two locks on one line, seed 20240324}. */
  @Override
  public String toString() {
    return String.format(Locale.ROOT, "%d CPU%s, %d task%s, %.2f ms%s%s, seed %d", cpus,
        cpus == 1 ? "" : "s", tasks, tasks == 1 ? "" : "s", runPs / 1e9,
        twoOnOneLine ? ", two locks on one line" : "", readers ? ", half the tasks reading" : "",
        seed);
  }
}
