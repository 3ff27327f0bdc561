package org.locksim.trace;

/**
 * Receives every record of a trace in file order from {@link TraceFile#scan(TraceVisitor)}.
 *
 * <p>File order keeps each row's intervals in increasing start time, but rows interleave. Every
 * method does nothing by default, so a visitor overrides only what it needs.
 */
public interface TraceVisitor {
    /** Receives one CPU interval. */
    default void cpuInterval(CpuInterval interval) {
    }

    /** Receives one task interval. */
    default void taskInterval(TaskInterval interval) {
    }

    /** Receives one lock hold. */
    default void lockHold(LockHold hold) {
    }

    /** Receives one counter sample. */
    default void counter(CounterSample sample) {
    }

    /** Receives one arrow. */
    default void arrow(Arrow arrow) {
    }
}
