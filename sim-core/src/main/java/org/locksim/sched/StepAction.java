package org.locksim.sched;

/**
 * The step that runs on a CPU and what it has done so far: its task and frame, the time it
 * runs at, the private costs, instructions and branches it has counted, and the one timed
 * action it issued (a memory access, a compute burst, a spin wait, a scheduling action) with
 * that action's arguments, until the {@link StepLoop} carries the action out.
 */
final class StepAction {
  static final int NONE = 0;
  static final int MEM = 1;
  static final int COMPUTE = 2;
  static final int WAIT = 3;
  static final int SCHEDULE = 4;
  static final int SLEEP = 5;
  static final int EXIT = 6;
  static final int YIELD = 7;

  /** The conditions of a {@link #WAIT}. */
  final SpinRequest spin = new SpinRequest();

  int cpu;
  Task task;
  /** The time the step runs at. */
  long now;
  /** The frame whose step runs. */
  int frame;
  /** Whether the step moved on (next, call, return) without a timed action. */
  boolean nextSet;
  /** The timed action issued, or {@link #NONE}. */
  int kind;
  /** Private instruction costs, paid before the action. */
  long localPs;
  long instructions;
  long branches;
  /** A compute burst's length, a spin wait's timeout, or a sleep's length. */
  long ps;
  /** Whether a compute burst is user time. */
  boolean user;

  /** A step of {@code t} on {@code cpu} at {@code at} begins. */
  void begin(int onCpu, Task t, long at) {
    cpu = onCpu;
    task = t;
    now = at;
    kind = NONE;
    localPs = 0;
    instructions = 0;
    branches = 0;
    nextSet = false;
    frame = t.depth - 1;
  }

  /** The step issues the timed action {@code k}; a step has at most one. */
  void issue(int k) {
    if (kind != NONE) {
      throw new IllegalStateException(task.top().function() + ": two timed actions in one step");
    }
    kind = k;
  }

  /** The time the action is issued at: the step's time plus its private costs so far. */
  long issueAt() {
    return now + localPs;
  }
}
