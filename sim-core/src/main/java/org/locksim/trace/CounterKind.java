package org.locksim.trace;

/**
 * A sampled counter row. The ordinal is part of the file format (append only, at most eight).
 */
public enum CounterKind {
    /** Number of runnable tasks queued on a CPU; the counter's index is the CPU. */
    RUNQUEUE,
    /** Number of tasks waiting for a lock; the counter's index is the lock. */
    WAITERS
}
