package org.locksim.lock;

import org.locksim.machine.Machine;

/**
 * What a lock factory gets: the lock's name and the machine it lives on.
 *
 * @param name the scenario's name for the lock
 * @param machine where its cache line is allocated and whose kernel build it follows
 */
public record LockEnv(String name, Machine machine) { }
