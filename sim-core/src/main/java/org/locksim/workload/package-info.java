/**
 * Programs that tasks run: the uncontended lock/unlock loop, contention loops, and the other
 * workloads of the scenarios. A {@link org.locksim.workload.Workload} creates its tasks on the
 * kernel and names the locks it uses; each task runs a {@link org.locksim.sched.Routine}.
 * Their work is a {@link org.locksim.workload.Work}: nanoseconds, or cycles priced at the
 * running CPU's clock, and for a critical section the shared lines it touches
 * ({@link org.locksim.workload.DataLine}), which the machine's coherence model prices.
 * A {@link org.locksim.workload.Placement} says where a workload's tasks may run (CPU lists,
 * spread or compact). {@link org.locksim.workload.PingPong} is the core-to-core-latency tool's
 * CAS ping-pong.
 */
package org.locksim.workload;
