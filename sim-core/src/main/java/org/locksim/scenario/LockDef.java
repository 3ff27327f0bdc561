package org.locksim.scenario;

import org.locksim.lock.LockFactory;
import org.locksim.lock.LockParams;

/**
 * One lock of a scenario.
 *
 * @param name how the workload refers to it
 * @param algorithm registered algorithm name
 * @param params checked parameter values
 * @param factory makes the instance
 * @param line the name of the cache line the lock shares with the other locks that name it,
 *     or null for a line of its own
 */
public record LockDef(String name, String algorithm, LockParams params, LockFactory factory,
    String line) {
  /** Equal when everything but the factory is: the factory is the registry's for the algorithm. */
  @Override
  public boolean equals(Object o) {
    return o instanceof LockDef d && name.equals(d.name) && algorithm.equals(d.algorithm)
        && params.equals(d.params) && java.util.Objects.equals(line, d.line);
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(name, algorithm, params, line);
  }
}
