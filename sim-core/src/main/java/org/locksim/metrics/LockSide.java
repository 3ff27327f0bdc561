package org.locksim.metrics;

/**
 * The figures of one side of a reader-writer lock, read or write, as lockdep keeps them apart
 * in {@code struct lock_class_stats} (kernel/locking/lockdep.c): the side's contended bounces,
 * wait times ({@code read_waittime}, {@code write_waittime}), acquired bounces and hold times
 * ({@code read_holdtime}, {@code write_holdtime}). {@code /proc/lock_stat} prints a lock with
 * read acquisitions as two rows, {@code name-W} and {@code name-R}.
 */
public final class LockSide {
  private long conBounces;
  private long contentions;
  private long waitMinPs;
  private long waitMaxPs;
  private long waitTotalPs;
  private long acqBounces;
  private long acquisitions;
  private long holds;
  private long holdMinPs;
  private long holdMaxPs;
  private long holdTotalPs;

  void contended(boolean bounce) {
    if (bounce) {
      conBounces++;
    }
  }

  void acquired(long waitPs, boolean bounce) {
    acquisitions++;
    if (bounce) {
      acqBounces++;
    }
    if (waitPs > 0) {
      if (contentions == 0 || waitPs < waitMinPs) {
        waitMinPs = waitPs;
      }
      waitMaxPs = Math.max(waitMaxPs, waitPs);
      waitTotalPs += waitPs;
      contentions++;
    }
  }

  void released(long holdPs) {
    if (holds == 0 || holdPs < holdMinPs) {
      holdMinPs = holdPs;
    }
    holdMaxPs = Math.max(holdMaxPs, holdPs);
    holdTotalPs += holdPs;
    holds++;
  }

  void reset() {
    conBounces = contentions = waitMinPs = waitMaxPs = waitTotalPs = 0;
    acqBounces = acquisitions = holds = holdMinPs = holdMaxPs = holdTotalPs = 0;
  }

  /** @return contentions of this side whose lock word was last taken on another CPU */
  public long conBounces() {
    return conBounces;
  }

  /** @return acquisitions of this side that waited */
  public long contentions() {
    return contentions;
  }

  public long waitMinPs() {
    return waitMinPs;
  }

  public long waitMaxPs() {
    return waitMaxPs;
  }

  public long waitTotalPs() {
    return waitTotalPs;
  }

  /** @return mean wait of this side's contended acquisitions, truncated */
  public long waitAvgPs() {
    return contentions == 0 ? 0 : waitTotalPs / contentions;
  }

  /** @return acquisitions of this side whose lock word came from another CPU */
  public long acqBounces() {
    return acqBounces;
  }

  /** @return acquisitions of this side */
  public long acquisitions() {
    return acquisitions;
  }

  /** @return hold times recorded for this side: lock_stat's {@code acquisitions} column */
  public long holds() {
    return holds;
  }

  public long holdMinPs() {
    return holdMinPs;
  }

  public long holdMaxPs() {
    return holdMaxPs;
  }

  public long holdTotalPs() {
    return holdTotalPs;
  }

  /** @return mean hold of this side, truncated */
  public long holdAvgPs() {
    return holds == 0 ? 0 : holdTotalPs / holds;
  }
}
