package org.locksim.trace;

/**
 * One interval of a task row, as read back from a trace.
 *
 * @param task the task index
 * @param startPs inclusive start, picoseconds
 * @param endPs exclusive end, picoseconds
 * @param state what the task did
 * @param lock the lock it spins or blocks on, or -1
 */
public record TaskInterval(int task, long startPs, long endPs, TaskState state, int lock) {
}
