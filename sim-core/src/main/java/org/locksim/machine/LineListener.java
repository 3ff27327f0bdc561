package org.locksim.machine;

/** Told when a watched line is written, so that a spinner waiting on it runs again. */
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
}
