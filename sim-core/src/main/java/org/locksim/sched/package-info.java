/**
 * Tasks, run queues and the kernel that runs them on the simulated CPUs.
 *
 * <p>Code that tasks run (workload programs and lock algorithms) is written as
 * {@link org.locksim.sched.Routine}s: small state machines whose every step issues at most one
 * timed action through the {@link org.locksim.sched.Kernel}: a memory access, a compute burst,
 * an event-driven spin wait, a block on a wait queue, a call of another routine. The kernel
 * turns actions into events, keeps per-CPU time accounts (user, system, spinning, idle,
 * switching), and schedules tasks in the manner of Linux CFS: per-CPU run queues ordered by
 * virtual runtime, time slices from {@code sched_latency} and {@code min_granularity}, tick
 * preemption, wakeup placement on an idle CPU first with IPI latency, wakeup preemption through
 * {@code need_resched}, idle and periodic load balancing, and a cold-cache penalty on
 * migration. A task may be restricted to a {@link org.locksim.sched.CpuMask} of CPUs
 * ({@code sched_setaffinity}); wakeup placement ({@link org.locksim.sched.WakeCpu}) and load
 * balancing respect it, so a task pinned to one CPU never migrates.
 */
package org.locksim.sched;
