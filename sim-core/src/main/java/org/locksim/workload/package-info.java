/**
 * Programs that tasks run: the uncontended lock/unlock loop, contention loops, and the other
 * workloads of the scenarios. A {@link org.locksim.workload.Workload} creates its tasks on the
 * kernel and names the locks it uses; each task runs a {@link org.locksim.sched.Routine}.
 * A {@link org.locksim.workload.Placement} says where a workload's tasks may run (CPU lists,
 * spread or compact). {@link org.locksim.workload.PingPong} is the core-to-core-latency tool's
 * CAS ping-pong.
 */
package org.locksim.workload;
