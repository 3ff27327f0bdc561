/**
 * Counters and statistics that the simulator records while it runs, at the bottom of
 * sim-core's layers: nothing here imports another locksim package.
 *
 * <p>{@link org.locksim.metrics.LockStats} accumulates per lock class what Linux's
 * {@code CONFIG_LOCK_STAT} accumulates (Documentation/locking/lockstat.rst): contentions,
 * bounces, wait and hold times, contention points; plus what a simulator can see and the kernel
 * cannot (spins versus sleeps, spin time, cache-line transfers of the lock word) and
 * HdrHistograms of wait and hold times for percentiles. Recording methods allocate nothing:
 * callers intern their labels up front and pass {@code int} ids.
 *
 * <p>{@link org.locksim.metrics.LatencyMatrix} holds a core-to-core latency table (the one-way
 * time of a CAS ping-pong per pair of CPUs) and its summary by
 * {@link org.locksim.metrics.PairKind}.
 *
 * <p>Time is a {@code long} in picoseconds, as everywhere in the simulator.
 */
package org.locksim.metrics;
