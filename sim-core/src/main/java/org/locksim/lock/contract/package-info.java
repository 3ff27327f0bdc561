/**
 * The lock contract as a kit: the promises every lock algorithm keeps under contention
 * ({@link org.locksim.lock.contract.Property}), the runs that check them
 * ({@link org.locksim.lock.contract.LockContract}, on the
 * {@link org.locksim.lock.contract.ContractMachine}), and the search for the smallest run that
 * still breaks one ({@link org.locksim.lock.contract.Shrink}). The project's
 * {@code LockContractTest}, {@code locksim check-lock} and a plugin's own tests all run this
 * code. Part of the lock API ({@link org.locksim.lock.LockApi}).
 */
package org.locksim.lock.contract;
