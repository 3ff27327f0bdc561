package org.locksim.lock.contract;

/**
 * One run of the contract: a workload, an algorithm variant and a set-up.
 *
 * @param workload how the tasks use the lock
 * @param variant the algorithm and its parameters
 * @param setup CPUs, tasks, run time and seed
 */
public record Check(Workload workload, Variant variant, ContractSetup setup) {
  /** The contract's workloads, each a test of {@code LockContractTest}. */
  public enum Workload {
    ONE_TASK_PER_CPU("one task per CPU"),
    TWO_TASKS_PER_CPU("two tasks per CPU"),
    BESIDE_ANOTHER_LOCK("beside another lock on its line"),
    READERS_AND_WRITERS("readers and writers"),
    TWICE("run twice"),
    ENDINGS("ended " + LockContract.ENDINGS + " times");

    private final String label;

    Workload(String label) {
      this.label = label;
    }

    @Override
    public String toString() {
      return label;
    }
  }

  public Check withSetup(ContractSetup s) {
    return new Check(workload, variant, s);
  }

  @Override
  public String toString() {
    return variant + ", " + workload + " on " + setup.cpus() + " CPU" + (setup.cpus() == 1 ? "" : "s");
  }
}
