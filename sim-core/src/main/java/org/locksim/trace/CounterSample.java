package org.locksim.trace;

/**
 * A counter's value from {@code timePs} until its next sample.
 *
 * @param kind which counter
 * @param index the CPU for {@link CounterKind#RUNQUEUE}, the lock for {@link CounterKind#WAITERS}
 * @param timePs when the value took effect, picoseconds
 * @param value the new value
 */
public record CounterSample(CounterKind kind, int index, long timePs, long value) {
}
