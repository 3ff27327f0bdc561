package org.locksim.lock;

import org.locksim.sched.Task;

/** Hears acquisitions and releases: for lock statistics and traces. */
public interface LockObserver {
  LockObserver NONE = new LockObserver() { };

  /** Tells {@code a}, then {@code b}. */
  static LockObserver both(LockObserver a, LockObserver b) {
    return new LockObserver() {
      @Override
      public void acquired(Lock lock, Task task, long now) {
        a.acquired(lock, task, now);
        b.acquired(lock, task, now);
      }

      @Override
      public void released(Lock lock, Task task, long now, long heldPs) {
        a.released(lock, task, now, heldPs);
        b.released(lock, task, now, heldPs);
      }

      @Override
      public void contended(Lock lock, Task task, long now) {
        a.contended(lock, task, now);
        b.contended(lock, task, now);
      }
    };
  }

  default void acquired(Lock lock, Task task, long now) { }

  /** {@code task} let go of {@code lock} at {@code now}, having held it {@code heldPs}. */
  default void released(Lock lock, Task task, long now, long heldPs) { }

  /** {@code task} found {@code lock} held and started waiting at {@code now}. */
  default void contended(Lock lock, Task task, long now) { }
}
