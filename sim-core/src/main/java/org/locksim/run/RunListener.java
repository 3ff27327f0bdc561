package org.locksim.run;

import org.locksim.lock.LockObserver;
import org.locksim.sched.KernelObserver;

/**
 * Hears one whole run: what the kernel and the locks do (as a {@link KernelObserver} and a
 * {@link LockObserver}), plus when the run starts and ends, so that a recorder can name its rows
 * up front and close what is still open at the end. Traces, profiles and the lock statistics'
 * enrichment are run listeners ({@code org.locksim.run.record}).
 *
 * <p>Call order: {@link #started} once, after the machine and the locks exist and before the
 * workload creates its tasks; then the observer methods; then {@link #finished} once, after the
 * kernel has closed every CPU interval at the end of the measurement window.
 */
public interface RunListener extends KernelObserver, LockObserver {
  /** The run is assembled and about to start. */
  default void started(RunContext context) { }

  /**
   * Whether this listener reads the callers of each CPU interval: the kernel then tracks the
   * frames under every routine (a map lookup per call), which it does not otherwise.
   */
  default boolean wantsCallers() {
    return false;
  }

  /** The run ended at {@code endPs}; every CPU interval up to it has been reported. */
  default void finished(long endPs) { }
}
