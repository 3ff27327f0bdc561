package org.locksim.metrics;

/**
 * Where a lock's hand-offs went: after a holder on the waiter's socket or on another, and how
 * many of the first after a holder on the waiter's own core (its SMT sibling, or its CPU
 * itself), whose caches the two share. The NUMA locality that CNA-style and cohort locks trade
 * fairness for. Part of {@link LockStats}.
 */
final class HandOffs {
  private long sameSocket;
  private long otherSocket;
  private long sameCore;

  /**
   * One hand-off.
   *
   * @param onSocket whether the previous holder's CPU was on the waiter's socket
   * @param onCore whether it was on the waiter's core (implies {@code onSocket})
   */
  void record(boolean onSocket, boolean onCore) {
    if (onCore && !onSocket) {
      throw new IllegalArgumentException("a hand-off on one core but two sockets");
    }
    if (onSocket) {
      sameSocket++;
    } else {
      otherSocket++;
    }
    if (onCore) {
      sameCore++;
    }
  }

  long sameSocket() {
    return sameSocket;
  }

  long otherSocket() {
    return otherSocket;
  }

  long sameCore() {
    return sameCore;
  }

  void reset() {
    sameSocket = otherSocket = sameCore = 0;
  }
}
