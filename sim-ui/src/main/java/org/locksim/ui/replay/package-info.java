/**
 * Stepping through a run event by event, as a debugger steps through code: {@link
 * org.locksim.ui.replay.TimeStepper} finds the next or previous event of any kind after a time
 * by reading widening windows of the trace, {@link org.locksim.ui.replay.EventSteps} steps
 * through hand-offs, wakeups and migrations, {@link org.locksim.ui.replay.Narrator} says in
 * words what an arrow did ("CPU 3 hands m to worker41 on CPU 9 after 2.1 us of spinning"),
 * {@link org.locksim.ui.replay.LockScene} who holds, spins on and sleeps on a lock at an instant, and
 * {@link org.locksim.ui.replay.ReplayClock} moves the cursor at a chosen speed. No JavaFX.
 */
package org.locksim.ui.replay;
