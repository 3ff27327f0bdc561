package org.locksim.lock.contract;

/**
 * A broken promise.
 *
 * @param property which
 * @param check the run that showed it
 * @param detail what happened, e.g. {@code at 1204000 ps: task 3 acquired l held by task 1}
 */
public record Failure(Property property, Check check, String detail) {
  @Override
  public String toString() {
    return property + ": " + check + " (" + check.setup() + "): " + detail;
  }
}
