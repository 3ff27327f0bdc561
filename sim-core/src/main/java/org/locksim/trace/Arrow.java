package org.locksim.trace;

/**
 * A causal arrow between two points of task rows, as read back from a trace.
 *
 * @param kind what the arrow means
 * @param fromPs when the cause happened, picoseconds
 * @param fromTask the causing task, or -1 (for example an interrupt)
 * @param toPs when the effect happened ({@code >= fromPs}), picoseconds
 * @param toTask the affected task, or -1
 * @param lock the lock involved, or -1
 */
public record Arrow(ArrowKind kind, long fromPs, int fromTask, long toPs, int toTask, int lock) {
}
