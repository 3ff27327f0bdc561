package org.locksim.sched;

/**
 * Hears what the kernel does, for traces and profiles. Every method has an empty default, so an
 * observer implements only what it records; the kernel calls these on its hot path, so
 * implementations must be cheap.
 */
public interface KernelObserver {
  KernelObserver NONE = new KernelObserver() { };

  /** {@code cpu} spent {@code [from, to)} in {@code mode}, running {@code task} (-1: none) in {@code fn}. */
  default void cpuInterval(int cpu, CpuMode mode, String fn, int task, long from, long to) { }

  /**
   * {@link #cpuInterval(int, CpuMode, String, int, long, long)} with {@code callers}, the frames
   * under {@code fn} root first ({@code "lock_torture_writer"}; empty for none), or null when
   * the kernel does not track them ({@link Kernel#trackCallers}). The kernel calls this one;
   * by default it forgets the callers.
   */
  default void cpuInterval(int cpu, CpuMode mode, String callers, String fn, int task, long from, long to) {
    cpuInterval(cpu, mode, fn, task, from, to);
  }

  /** {@code task} entered {@code state} at {@code at}. */
  default void taskState(Task task, TaskState state, long at) { }

  /** {@code waker} (a task id, or -1 for a timer) woke {@code wakee} at {@code at}. */
  default void wakeup(int waker, Task wakee, long at) { }

  /** {@code task} moved from CPU {@code from} to CPU {@code to} at {@code at}. */
  default void migration(Task task, int from, int to, long at) { }

  /** {@code cpu}'s run queue holds {@code length} waiting tasks from {@code at}. */
  default void runQueue(int cpu, int length, long at) { }
}
