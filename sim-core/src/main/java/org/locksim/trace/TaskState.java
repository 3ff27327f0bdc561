package org.locksim.trace;

/**
 * What a task is doing during one interval of its timeline row.
 *
 * <p>The ordinal is part of the file format; constants may be appended, never reordered (at most
 * eight).
 */
public enum TaskState {
    /** On a CPU, making progress. */
    RUNNING,
    /** Ready to run, waiting in a run queue. */
    RUNNABLE,
    /** On a CPU, spinning on a lock (the interval names the lock). */
    SPINNING,
    /** Off CPU, blocked on a lock (the interval names the lock). */
    BLOCKED,
    /** Off CPU for another reason: think time, I/O, a timer. */
    SLEEPING
}
