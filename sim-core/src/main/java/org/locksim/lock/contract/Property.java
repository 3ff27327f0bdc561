package org.locksim.lock.contract;

/** A promise every lock algorithm keeps, as the contract names it in its reports. */
public enum Property {
  /** No two holders at once, no release by a task that does not hold the lock. */
  MUTUAL_EXCLUSION("mutual exclusion"),
  /** Every task gets the lock during the run and, after the stop time, once more and exits. */
  PROGRESS("progress"),
  /** No task asleep on a free lock with no task left that could wake it. */
  NO_LOST_WAKEUP("no lost wakeup"),
  /** Readers hold a reader-writer lock together, a writer holds it alone. */
  READERS_TOGETHER_WRITERS_ALONE("readers together, writers alone"),
  /** A task that finds the lock held says so (for lock_stat's contentions). */
  CONTENTION_REPORTED("contention reported"),
  /** The same run twice gives the same counts. */
  DETERMINISM("determinism");

  private final String label;

  Property(String label) {
    this.label = label;
  }

  @Override
  public String toString() {
    return label;
  }
}
