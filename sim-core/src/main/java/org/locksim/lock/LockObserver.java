package org.locksim.lock;

import org.locksim.sched.Task;

/** Hears acquisitions and releases: for lock statistics and traces. */
public interface LockObserver {
  LockObserver NONE = new LockObserver() { };

  default void acquired(Lock lock, Task task, long now) { }

  /** {@code task} let go of {@code lock} at {@code now}, having held it {@code heldPs}. */
  default void released(Lock lock, Task task, long now, long heldPs) { }

  /** {@code task} found {@code lock} held and started waiting at {@code now}. */
  default void contended(Lock lock, Task task, long now) { }
}
