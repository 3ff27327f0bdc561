package org.locksim.sched;

import java.util.Arrays;

/**
 * A simulated thread: its call stack of {@link Routine} frames (each with a program counter and
 * four local words), its scheduling state and its counters.
 */
public final class Task {
  static final int LOCALS = 4;

  final int id;
  final String name;
  TaskState state = TaskState.RUNNABLE;
  int cpu = -1;
  int lastCpu = -1;

  Routine[] routines = new Routine[8];
  int[] pcs = new int[8];
  long[] locals = new long[8 * LOCALS];
  int depth;
  long result;
  int preemptCount;
  boolean inKernel;
  long computeLeft;
  long computeEnd;
  int deferredAct;
  long deferredPs;
  boolean computeUser;
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
      pcs = Arrays.copyOf(pcs, depth * 2);
      locals = Arrays.copyOf(locals, depth * 2 * LOCALS);
    }
    routines[depth] = r;
    pcs[depth] = 0;
    Arrays.fill(locals, depth * LOCALS, (depth + 1) * LOCALS, 0);
    depth++;
  }

  void pop() {
    routines[--depth] = null;
  }

  Routine top() {
    return routines[depth - 1];
  }

  @Override
  public String toString() {
    return name + "#" + id + "(" + state + ")";
  }
}
