/**
 * Run listeners that turn what the kernel and the locks report into outputs: a streamed
 * timeline ({@link org.locksim.run.record.TraceRecorder} into a {@link
 * org.locksim.trace.TraceWriter}), on- and off-CPU folded stacks ({@link
 * org.locksim.run.record.FoldedRecorder}) and the derived lock statistics (spun, slept, spin
 * time, bounces) that the simulator always records ({@link
 * org.locksim.run.record.LockStatRecorder}). {@link org.locksim.run.record.Listeners} combines
 * several. None of them needs a hook in a lock algorithm or the scheduler: they rebuild what
 * they need from the observer callbacks, keep a few words per task, lock and CPU, and allocate
 * nothing per event once a run's tasks exist.
 */
package org.locksim.run.record;
