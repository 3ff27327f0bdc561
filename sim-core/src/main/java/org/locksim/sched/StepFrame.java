package org.locksim.sched;

import org.locksim.machine.Cpu;
import org.locksim.machine.Isa;
import org.locksim.machine.Machine;
import org.locksim.random.RandomStreams;

/**
 * The {@link Kernel}'s view of the step running now, as its routine sees it: the time, the
 * frame's program counter, locals and last result, the task and its CPU. Part of the kernel's
 * API, kept apart from the actions a step issues ({@link MemoryActions}, {@link Kernel}).
 */
abstract sealed class StepFrame permits MemoryActions {
  final Machine machine;
  final Isa isa;
  /** The step running now, and the action it issues. */
  final StepAction step = new StepAction();
  /** Where each task's draws ({@link #random}) come from: the run's seed. */
  private RandomStreams draws = new RandomStreams(0);

  StepFrame(Machine machine) {
    this.machine = machine;
    this.isa = machine.isa();
  }

  /** The time the current step runs at. */
  public long now() {
    return step.now;
  }

  /** The result of the previous action of the current frame's task. */
  public long result() {
    return step.task.result;
  }

  public int pc() {
    return step.task.pcs[step.frame];
  }

  /**
   * Sets the program counter of the frame whose step is running, for its next step (also when
   * the step has just called another routine: the caller resumes there).
   */
  public void next(int pc) {
    step.task.pcs[step.frame] = pc;
    step.nextSet = true;
  }

  /** Pushes a frame running {@code r}; its first step runs next, its return value lands in
   * {@link #result()} of this frame. */
  public void call(Routine r) {
    step.task.push(r);
    step.nextSet = true;
  }

  /** Pops the current frame, handing {@code value} to the caller. */
  public void ret(long value) {
    step.task.pop();
    step.task.result = value;
    step.nextSet = true;
  }

  public long local(int i) {
    return step.task.locals[step.frame * Task.LOCALS + localIndex(i)];
  }

  public void setLocal(int i, long v) {
    step.task.locals[step.frame * Task.LOCALS + localIndex(i)] = v;
  }

  /** A routine has {@value Task#LOCALS} locals; a higher index would write the next frame's. */
  private static int localIndex(int i) {
    if (i < 0 || i >= Task.LOCALS) {
      throw new IndexOutOfBoundsException("local " + i + ": a routine has " + Task.LOCALS + " locals");
    }
    return i;
  }

  public Task task() {
    return step.task;
  }

  public int cpuId() {
    return step.cpu;
  }

  public Cpu cpu() {
    return machine.cpu(step.cpu);
  }

  public Isa isa() {
    return isa;
  }

  /**
   * Whether a CAS whose compare fails only reads its line (arm64's load-/store-exclusive loop),
   * so that a loop of failing CASes leaves the line as it was.
   */
  public boolean casFailureReads() {
    return isa.casFailureReads();
  }

  public Machine machine() {
    return machine;
  }

  /**
   * A number drawn uniformly from {@code [0, bound)} ({@code bound >= 1}) from the running
   * task's own stream of the run's seed: the thread-local generator a lock algorithm's source
   * draws from, such as a backoff's random delay below its limit (Anderson 1990; Herlihy and
   * Shavit's {@code Backoff}; libslock's {@code my_random}). Drawing costs no time, as a few
   * register operations on a line no other CPU touches do not in the cost table's terms; what
   * the source's generator costs is the caller's to charge. Each task has its own stream, so a
   * run stays reproducible whatever the order its tasks draw in.
   */
  public long random(long bound) {
    Task t = step.task;
    if (t.draws == null) {
      t.draws = draws.stream("task" + t.id + "/lock-draws");
    }
    return bound <= 1 ? 0 : t.draws.nextLong(bound);
  }

  /** Seeds the tasks' draws ({@link #random}) from the run's {@code seed}. */
  void seedDraws(long seed) {
    draws = new RandomStreams(seed);
  }
}
