package org.locksim.machine;

/** Told when a watched line is written, so that a spinner waiting on it runs again, and when
 * a read in flight is to bring a later write's words. */
@FunctionalInterface
public interface LineListener {
  /**
   * The line a CPU watched was written.
   *
   * @param cpu the watching CPU
   * @param token the token it registered with
   * @param visibleAt when the write reaches other CPUs
   */
  void lineWritten(int cpu, long token, long visibleAt);

  /**
   * The owner of a line a CPU's read is taking wrote it before the read's request got there
   * ({@link OwnerReach}): the read brings the words as they are now.
   *
   * @param cpu the reading CPU
   * @param line the line
   */
  default void ownerWroteFirst(int cpu, CacheLine line) {
  }
}
