/**
 * The discrete-event core: a clock, an event queue and the loop that runs it.
 *
 * <p>Time is a {@code long} in picoseconds. Events are ordered by {@code (time, seq)} where
 * {@code seq} comes from the simulation's own counter, so events at equal times run in the
 * order they were scheduled and every run is reproducible (SimPy's {@code (time, priority,
 * eid)} heap entry is the same idea). An event is a handler id and two primitive arguments;
 * the queue keeps them in primitive arrays, so scheduling and running an event allocates
 * nothing. There is no static state: one {@link org.locksim.engine.Simulation} per run.
 *
 * <p>This package knows nothing of CPUs, locks, JSON or user interfaces.
 */
package org.locksim.engine;
