package org.locksim.sched;

/** What a task is doing. */
public enum TaskState {
  /** On a CPU. */
  RUNNING,
  /** In a run queue, waiting for a CPU. */
  RUNNABLE,
  /** Asleep on a lock's wait queue. */
  BLOCKED,
  /** Asleep for a time (I/O, nanosleep). */
  SLEEPING,
  /** Finished. */
  EXITED
}
