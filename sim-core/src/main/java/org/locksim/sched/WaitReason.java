package org.locksim.sched;

/** Why an event-driven spin wait ended; the result of a {@link Kernel#spinWait} action. */
public enum WaitReason {
  /** The watched line was written. */
  LINE_WRITTEN,
  /** The timeout (backoff or spin limit) ran out. */
  TIMEOUT,
  /** The owner task left its CPU. */
  OWNER_OFF_CPU,
  /** This CPU's need_resched was set. */
  NEED_RESCHED;

  private static final WaitReason[] ALL = values();

  public static WaitReason of(long code) {
    return ALL[(int) code];
  }
}
