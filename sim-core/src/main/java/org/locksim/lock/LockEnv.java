package org.locksim.lock;

import org.locksim.machine.CacheLine;
import org.locksim.machine.Machine;

/**
 * What a lock factory gets: the lock's name, the machine it lives on, and the cache line it
 * shares with other locks, if any.
 *
 * @param name the scenario's name for the lock
 * @param machine where its cache line is allocated and whose kernel build it follows
 * @param home the line the lock's words go on beside other locks' (see
 *     {@link CacheLine#home()}), or null for a line of its own
 */
public record LockEnv(String name, Machine machine, CacheLine home) {
  /** A lock on a cache line of its own. */
  public LockEnv(String name, Machine machine) {
    this(name, machine, null);
  }
}
