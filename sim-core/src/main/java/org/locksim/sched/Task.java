package org.locksim.sched;

import java.util.Arrays;

/**
 * A simulated thread: its call stack of {@link Routine} frames (each with a program counter and
 * four local words), its scheduling state and its counters.
 */
public final class Task {
  static final int LOCALS = 6;

  final int id;
  final String name;
  TaskState state = TaskState.RUNNABLE;
  int cpu = -1;
  int lastCpu = -1;

  Routine[] routines = new Routine[8];
  /** Per frame, the path of the frames under it, when the kernel tracks callers; else null. */
  String[] callers;
  CallerPaths paths;
  int[] pcs = new int[8];
  long[] locals = new long[8 * LOCALS];
  int depth;
  long result;
  /** The task's own draws for its lock algorithms' random numbers, made at its first. */
  java.util.SplittableRandom draws;
  /** When the data of the task's last load issued ahead ({@link Kernel#loadAhead}) arrives. */
  long dataArrival;
  int preemptCount;
  boolean inKernel;
  /** Whether the task's lock code is a user-space library's (see {@link Kernel#userSpaceLocks}). */
  boolean userSpaceLocks;
  long computeLeft;
  /** The part of the migration penalty not yet paid (see the kernel's compute). */
  long coldCachePs;
  long computeEnd;
  int deferredAct;
  long deferredPs;
  boolean computeUser;
  /** The locks this task has found taken and not yet acquired: its kernel time is spinning. */
  private Object[] lockWaits = new Object[2];
  int lockWaitCount;
  Routine pendingWait;
  WaitQueue preparedOn;

  long vruntime;
  long execStart;
  long lastRanAt = Long.MIN_VALUE / 2;
  long sliceStart;

  long runPs;
  long voluntarySwitches;
  long involuntarySwitches;
  long migrations;
  /** The CPUs the task may run on ({@code cpus_allowed}); null for every CPU. */
  CpuMask allowed;
  /** The CPUs the task has run on, a bit per CPU. */
  private long[] ranOn = new long[1];

  Task(int id, String name, Routine main) {
    this.id = id;
    this.name = name;
    routines[0] = main;
    depth = 1;
  }

  public int id() {
    return id;
  }

  public String name() {
    return name;
  }

  public TaskState state() {
    return state;
  }

  /**
   * Whether the task has been woken since it last prepared to wait (or never prepared): a task
   * still on a wait list in that state will run and take the lock itself.
   */
  public boolean awake() {
    return preparedOn == null && state != TaskState.BLOCKED;
  }

  /** The CPU the task is running on, or -1. */
  public int cpu() {
    return cpu;
  }

  /** Time on a CPU so far, in picoseconds. */
  public long runPs() {
    return runPs;
  }

  public long voluntarySwitches() {
    return voluntarySwitches;
  }

  public long involuntarySwitches() {
    return involuntarySwitches;
  }

  public long migrations() {
    return migrations;
  }

  /** The CPUs this task may run on, or null when it may run on any. */
  public CpuMask allowed() {
    return allowed;
  }

  /** Whether the task may run on {@code c}. */
  boolean allowedOn(int c) {
    return allowed == null || allowed.contains(c);
  }

  /** The CPUs this task has run on so far. */
  public CpuMask ranOn() {
    int n = 0;
    for (long w : ranOn) {
      n += Long.bitCount(w);
    }
    int[] out = new int[n];
    int i = 0;
    for (int w = 0; w < ranOn.length; w++) {
      for (long bits = ranOn[w]; bits != 0; bits &= bits - 1) {
        out[i++] = w * 64 + Long.numberOfTrailingZeros(bits);
      }
    }
    return CpuMask.of(out);
  }

  void markRanOn(int c) {
    int w = c >>> 6;
    if (w >= ranOn.length) {
      ranOn = Arrays.copyOf(ranOn, w + 1);
    }
    ranOn[w] |= 1L << c;
  }

  /**
   * The routine that called the current one (a lock's caller: the contention point), or null
   * when the current routine is the task's main one.
   */
  public Routine caller() {
    return depth >= 2 ? routines[depth - 2] : null;
  }

  /** Where the caller resumes: its program counter, for a contention point's offset. */
  public int callerPc() {
    return depth >= 2 ? pcs[depth - 2] : 0;
  }

  void push(Routine r) {
    if (depth == routines.length) {
      routines = Arrays.copyOf(routines, depth * 2);
      if (callers != null) {
        callers = Arrays.copyOf(callers, depth * 2);
      }
      pcs = Arrays.copyOf(pcs, depth * 2);
      locals = Arrays.copyOf(locals, depth * 2 * LOCALS);
    }
    routines[depth] = r;
    if (paths != null) {
      callers[depth] = depth == 0 ? CallerPaths.ROOT : paths.child(callers[depth - 1], routines[depth - 1].function());
    }
    pcs[depth] = 0;
    int base = depth * LOCALS;
    locals[base] = 0;
    locals[base + 1] = 0;
    locals[base + 2] = 0;
    locals[base + 3] = 0;
    depth++;
  }

  void pop() {
    routines[--depth] = null;
  }

  Routine top() {
    return routines[depth - 1];
  }

  /** The frames under the running routine, root first, when the kernel tracks callers; else null. */
  String callers() {
    return paths == null || depth == 0 ? null : callers[depth - 1];
  }

  /** Starts tracking the callers of every frame from now on (the frames already pushed too). */
  void trackCallers(CallerPaths p) {
    paths = p;
    callers = new String[routines.length];
    for (int d = 0; d < depth; d++) {
      callers[d] = d == 0 ? CallerPaths.ROOT : p.child(callers[d - 1], routines[d - 1].function());
    }
  }

  @Override
  public String toString() {
    return name + "#" + id + "(" + state + ")";
  }

  /**
   * Marks that this task found {@code lock} taken: until {@link #endLockWait} its kernel time
   * on a CPU counts as spinning, whatever the acquire path does meanwhile (failed atomics, a
   * wait-queue spin lock, the re-checks after a wakeup), as a profile of the lock's slow path
   * would show it. Marking the same lock again changes nothing.
   */
  public void beginLockWait(Object lock) {
    for (int i = 0; i < lockWaitCount; i++) {
      if (lockWaits[i] == lock) {
        return;
      }
    }
    if (lockWaitCount == lockWaits.length) {
      lockWaits = java.util.Arrays.copyOf(lockWaits, 2 * lockWaitCount);
    }
    lockWaits[lockWaitCount++] = lock;
  }

  /** Marks that this task holds {@code lock} now, or no longer waits for it. */
  public void endLockWait(Object lock) {
    for (int i = 0; i < lockWaitCount; i++) {
      if (lockWaits[i] == lock) {
        lockWaits[i] = lockWaits[--lockWaitCount];
        lockWaits[lockWaitCount] = null;
        return;
      }
    }
  }

  /**
   * Whether {@code r}, run by this task now, is user code: a user routine, or a lock routine of
   * a user-space library, outside a system call.
   */
  boolean runsUser(Routine r) {
    return (r.user() || userSpaceLocks) && !inKernel;
  }

  /** Whether the task runs a user-space lock library's code now (outside a system call). */
  boolean userSpaceOutsideKernel() {
    return userSpaceLocks && !inKernel;
  }

  /** The mode of this task's kernel time: spinning while it waits for a lock. */
  CpuMode kernelMode() {
    return lockWaitCount > 0 ? CpuMode.SPINNING : CpuMode.SYSTEM;
  }
}
