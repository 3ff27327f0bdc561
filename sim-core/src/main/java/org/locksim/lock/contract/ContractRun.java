package org.locksim.lock.contract;

import java.util.Arrays;
import java.util.List;

/**
 * What one contract run produced.
 *
 * @param acquisitions lock acquisitions per task, in the measured window
 * @param stuck tasks that had not exited after the grace period
 * @param violations what {@link org.locksim.lock.Lock#verify} reported
 * @param events events the simulation ran
 * @param lineTransfers transfers of the lock's own cache line
 * @param contentions times a task reported finding the lock held
 * @param maxReaders the most readers that held a lock at once
 */
public record ContractRun(long[] acquisitions, List<String> stuck, List<String> violations,
    long events, long lineTransfers, long contentions, int maxReaders) {
  public long total() {
    return Arrays.stream(acquisitions).sum();
  }

  public long min() {
    return Arrays.stream(acquisitions).min().orElse(0);
  }
}
