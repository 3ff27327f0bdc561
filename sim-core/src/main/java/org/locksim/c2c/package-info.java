/**
 * Core-to-core latency tables, as the core-to-core-latency tool (nviennot/core-to-core-latency)
 * measures them: {@link org.locksim.c2c.CoreToCore} runs the CAS ping-pong workload
 * ({@link org.locksim.workload.PingPong}) between two pinned CPUs of a CPU model, for every pair
 * of a set of CPUs, on a pool of worker threads with results identical for any number of them,
 * and returns a {@link org.locksim.metrics.LatencyMatrix}. The figures come out of the
 * machine's coherence model, never from its transfer table directly.
 */
package org.locksim.c2c;
