package org.locksim.trace;

/**
 * What a CPU is doing during one interval of its timeline row.
 *
 * <p>The ordinal is part of the file format (it is stored in the low bits of a record tag), so
 * constants may be appended but never reordered; at most eight are possible.
 */
public enum CpuState {
    /** Nothing runnable: the CPU sits in its idle loop. */
    IDLE,
    /** A task runs user code. */
    USER,
    /** A task runs kernel code; the interval's function says which. */
    SYSTEM,
    /** A task spins on a lock (burns CPU time without progress). */
    SPINNING,
    /** The scheduler switches from one task to another. */
    SWITCHING
}
