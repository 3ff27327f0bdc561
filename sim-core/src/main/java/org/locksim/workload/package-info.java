/**
 * Programs that tasks run: the uncontended lock/unlock loop, contention loops, and the other
 * workloads of the scenarios. A {@link org.locksim.workload.Workload} creates its tasks on the
 * kernel and names the locks it uses; each task runs a {@link org.locksim.sched.Routine}.
 */
package org.locksim.workload;
