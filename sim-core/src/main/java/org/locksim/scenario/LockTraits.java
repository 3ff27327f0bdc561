package org.locksim.scenario;

/**
 * What a workload reader may ask of a scenario's locks, by name, to refuse a workload its
 * locks cannot serve: an instance of the lock made on the scenario's machine answers.
 */
interface LockTraits {
  /** Whether the lock can be taken for reading (it has read routines). */
  boolean readerWriter(String lock);

  /** Whether the lock's algorithm can run as a user-space library ({@code Lock#userSpace}). */
  boolean userSpace(String lock);

  /** Whether the lock's algorithm runs only in user space ({@code Lock#userSpaceOnly}). */
  boolean userSpaceOnly(String lock);

  /** The algorithm the lock runs, for messages. */
  String algorithm(String lock);
}
