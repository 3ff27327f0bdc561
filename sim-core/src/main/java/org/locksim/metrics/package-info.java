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
 * <p>Time is a {@code long} in picoseconds, as everywhere in the simulator.
 */
package org.locksim.metrics;
