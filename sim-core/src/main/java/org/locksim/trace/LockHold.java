package org.locksim.trace;

/**
 * One interval during which a lock had an owner, as read back from a trace.
 *
 * @param lock the lock index
 * @param startPs inclusive start (acquisition), picoseconds
 * @param endPs exclusive end (release), picoseconds
 * @param ownerTask the task that held it
 */
public record LockHold(int lock, long startPs, long endPs, int ownerTask) {
}
