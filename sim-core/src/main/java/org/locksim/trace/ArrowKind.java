package org.locksim.trace;

/**
 * A causal link between two tasks drawn as an arrow on the timeline. The ordinal is part of the
 * file format (append only, at most eight).
 */
public enum ArrowKind {
    /** A releasing task hands a lock to the next owner. */
    HANDOFF,
    /** A task wakes another (unlock of a sleeping lock, a signal, a timer). */
    WAKEUP,
    /** A task moves from one CPU to another; both ends are the same task. */
    MIGRATION
}
