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
    String line) { }
