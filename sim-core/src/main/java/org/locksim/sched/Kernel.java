package org.locksim.sched;

import java.util.ArrayList;
import java.util.List;
import org.locksim.cpu.Instr;
import org.locksim.engine.Simulation;
import org.locksim.machine.CacheLine;
import org.locksim.machine.Coherence;
import org.locksim.machine.LineListener;
import org.locksim.machine.Machine;

/**
 * Runs tasks on the machine's CPUs. Routines call the action methods below during a step; the
 * kernel turns the one timed action of the step into events, keeps time accounts, and
 * schedules (see the package description and {@link Scheduler}).
 *
 * <p>Action semantics: private instruction costs ({@link #exec}) accumulate before the action;
 * a memory action takes effect in the coherence order at its issue time (now plus those
 * costs), and the next step runs when it completes; a spin wait ends on the first of its wake
 * conditions; a block switches the task out.
 *
 * <p>The kernel is the API that routines see; the work is done by its parts: the running
 * step's frame ({@link StepFrame}), the memory actions and spin waits a step issues
 * ({@link MemoryActions}), the step loop that carries
 * each step's action out ({@link StepLoop}), the memory accesses in flight ({@link MemoryOps}),
 * the pending spin waits ({@link SpinWaits}), the scheduling policy ({@link Scheduler}) and the
 * time accounts ({@link Counters}).
 */
public final class Kernel extends MemoryActions implements LineListener {
  final Simulation sim;
  final Coherence coherence;
  private final long syscallHalfPs;
  final Scheduler sched;
  final Counters counters;
  final KernelObserver observer;
  final List<Task> tasks = new ArrayList<>();

  final StepLoop loop;
  final SpinWaits spins;

  private boolean stopWhenAllExit;
  private long allExitedAt = -1;
  private int exited;
  private int workingSetLines = DEFAULT_WORKING_SET_LINES;
  private CallerPaths callerPaths;

  /**
   * The lines a task refetches after it moves CPU unless its workload says otherwise
   * ({@link WorkingSetRefill}): estimate, 64 KB, a task's kernel stack (16 KB on x86-64), its
   * task_struct and the hot part of its data, about what an L1 data cache and a little more
   * hold; the catalog's former per-machine migration penalties assumed about as many.
   */
  public static final int DEFAULT_WORKING_SET_LINES = 1000;

  public Kernel(Simulation sim, Machine machine, SchedConfig config, KernelObserver observer) {
    super(machine);
    this.observer = observer == null ? KernelObserver.NONE : observer;
    this.sim = sim;
    machine.attach(this);
    this.coherence = machine.coherence();
    this.syscallHalfPs = Math.round(machine.model().kernel().syscall().value() * 500);
    int n = machine.cpuCount();
    this.counters = new Counters(n, this.observer);
    this.loop = new StepLoop(this, step, ops, n);
    this.spins = new SpinWaits(this, n);
    this.sched = new Scheduler(this, config.scaledFor(n));
  }

  // ---------------------------------------------------------------- set-up

  /** Creates a task that will run {@code main}; {@link #start} places it. */
  public Task newTask(String name, Routine main) {
    Task t = new Task(tasks.size(), name, main);
    if (callerPaths != null) {
      t.trackCallers(callerPaths);
    }
    tasks.add(t);
    return t;
  }

  /**
   * Seeds what varies between runs inside the kernel: the spinners' loop phases and the lock
   * algorithms' random draws.
   */
  public void seed(long seed) {
    spins.seed(seed);
    seedDraws(seed);
  }

  /**
   * From now on, reports each CPU interval with the frames under its function
   * ({@link KernelObserver#cpuInterval(int, CpuMode, String, String, int, long, long)}), for
   * profiles that attribute a lock's time to its callers.
   */
  public void trackCallers() {
    if (callerPaths == null) {
      callerPaths = new CallerPaths();
      for (Task t : tasks) {
        t.trackCallers(callerPaths);
      }
    }
  }

  /**
   * Restricts {@code t} to {@code cpus} before it starts ({@code sched_setaffinity}): it runs
   * only there, and wakeups and load balancing never move it elsewhere; null lifts the
   * restriction.
   */
  public void setAffinity(Task t, CpuMask cpus) {
    if (cpus != null && (cpus.size() == 0 || cpus.last() >= machine.cpuCount())) {
      throw new IllegalArgumentException("CPUs " + cpus + " for a machine of " + machine.cpuCount());
    }
    t.allowed = cpus;
  }

  /**
   * Makes {@code t}'s lock code a user-space library's (LiTL, libslock): outside a system call
   * it runs and spins in user mode, its {@code preempt_disable()} does nothing, and a spinner
   * stops on need_resched, so holders and waiters are preempted like user code.
   */
  public void userSpaceLocks(Task t) {
    t.userSpaceLocks = true;
  }

  /** Stops the simulation when the last task exits. */
  public void stopWhenAllExit() {
    stopWhenAllExit = true;
  }

  /** When the last task exited, or -1 while some still run. */
  public long allExitedAt() {
    return allExitedAt;
  }

  void taskExited(long at) {
    if (++exited == tasks.size()) {
      allExitedAt = at;
      if (stopWhenAllExit) {
        sim.stop();
      }
    }
  }

  /** Makes {@code t} runnable on {@code cpu} at the current time. */
  public void start(Task t, int cpu) {
    sched.startTask(t, cpu, sim.now());
  }

  /** Starts the timer ticks of every CPU. */
  public void startTicks() {
    sched.startTicks();
  }

  // ---------------------------------------------------------------- queries for routines

  /** The lines a task refetches from its last CPU's cache when it runs on another. */
  public int workingSetLines() {
    return workingSetLines;
  }

  /** Sets the working set of every task of this kernel, in cache lines (0 or more). */
  public void setWorkingSetLines(int lines) {
    if (lines < 0) {
      throw new IllegalArgumentException("a working set of " + lines + " lines");
    }
    workingSetLines = lines;
  }

  public boolean smp() {
    return machine.kernel().smp();
  }

  /**
   * Instructions this CPU runs on past a load that misses: its core's whole reorder window, or
   * its share while another thread of the core has a task ({@link
   * org.locksim.machine.Cpu#reorderWindowShared}). An idle thread halts, and Hyper-Threading
   * gives its partitions back to the thread still running (Marr et al., Intel Technology
   * Journal 6(1), 2002); a spinning one keeps them.
   */
  public int reorderWindow() {
    return loop.smt.siblingActive(step.cpu)
        ? cpu().reorderWindowShared() : cpu().reorderWindow();
  }

  /** Whether this CPU's need_resched flag is set. */
  public boolean needResched() {
    return sched.needResched(step.cpu);
  }

  /** Whether {@code t} is on a CPU ({@code TD_IS_RUNNING}, {@code owner->on_cpu}). */
  public boolean onCpu(Task t) {
    return t != null && t.state == TaskState.RUNNING && t.cpu >= 0;
  }

  public Task taskById(int id) {
    return id >= 0 && id < tasks.size() ? tasks.get(id) : null;
  }

  /** preempt_disable(); a no-op in a user-space library's lock code ({@link #userSpaceLocks}). */
  public void preemptDisable() {
    if (!step.task.userSpaceOutsideKernel()) {
      step.task.preemptCount++;
    }
  }

  /** preempt_enable(); a no-op where {@link #preemptDisable} is one. */
  public void preemptEnable() {
    if (!step.task.userSpaceOutsideKernel()) {
      step.task.preemptCount--;
    }
  }

  public Counters counters() {
    return counters;
  }

  public List<Task> tasks() {
    return List.copyOf(tasks);
  }

  // ---------------------------------------------------------------- untimed actions

  /** Adds the cost of {@code n} executions of {@code instr} on private data. */
  public void exec(Instr instr, int n) {
    step.localPs += machine.cpu(step.cpu).ps(instr) * n;
    step.instructions += (long) instr.instructions() * n;
    step.branches += (long) instr.branches() * n;
  }

  /**
   * Counts {@code n} conditional jumps that no cost-table entry prices (the branch after a fast
   * path's atomic, which is there with or without the test before it); they cost nothing.
   */
  public void branch(int n) {
    step.branches += n;
  }

  /** Adds the current task to {@code q}, as {@code prepare_to_wait} does; see {@link #schedule}. */
  public void prepareToWait(WaitQueue q) {
    sched.prepareToWait(step.task, q);
  }

  /**
   * The current task, still on {@code q} (it was woken where it stood, by
   * {@link #wakeFirstInPlace}), prepares to sleep again without joining it a second time: the
   * {@code __set_task_state(task, TASK_UNINTERRUPTIBLE)} of a waiter that never left its list.
   */
  public void prepareToWaitAgain(WaitQueue q) {
    sched.prepareToWaitAgain(step.task, q);
  }

  /** Takes the current task off {@code q} if it is still there ({@code finish_wait}). */
  public void finishWait(WaitQueue q) {
    q.remove(step.task.id);
    step.task.preparedOn = null;
  }

  /** Wakes up to {@code n} tasks of {@code q} (try_to_wake_up), paying the waker's cost. */
  public int wake(WaitQueue q, int n) {
    int woken = 0;
    while (woken < n && !q.isEmpty()) {
      tryToWakeUp(tasks.get(q.poll()));
      woken++;
    }
    return woken;
  }

  /**
   * Wakes the first task of {@code q} and leaves it there, paying the waker's cost: Linux's
   * {@code wake_up_process} of the first entry of a list that each waiter leaves itself once it
   * has the lock (the mutex's {@code wait_list}). A second wake before that task has run wakes
   * it again, which does nothing, not the next one. False when {@code q} is empty.
   */
  public boolean wakeFirstInPlace(WaitQueue q) {
    if (q.isEmpty()) {
      return false;
    }
    tryToWakeUp(tasks.get(q.peek()));
    return true;
  }

  /**
   * try_to_wake_up of {@code t}: the waker pays a call and the target run queue's lock, a
   * locked instruction on that queue's line, which it fetches from the CPU that last had it.
   * The locked instruction waits for the waker's posted stores still on their way (a lock's
   * release just before the wakeup), as every atomic does.
   */
  private void tryToWakeUp(Task t) {
    exec(Instr.CALL, 1);
    int target = sched.wakeTarget(t, step.cpu);
    long issued = step.issueAt();
    long at = loop.afterStores(step.cpu, issued);
    step.localPs += (at - issued) + (target < 0 ? machine.cpu(step.cpu).ps(isa.cas())
        : sched.runQueueLockPs(step.cpu, target, at));
    step.instructions += 1;
    observer.wakeup(step.task.id, t, step.issueAt());
    sched.wakeUp(t, step.cpu, step.issueAt());
  }

  /**
   * Enters a system call: half the model's null-syscall cost, and from here on the task runs
   * kernel code (preemptible only in a preemptible kernel).
   */
  public void syscallEnter() {
    step.localPs += syscallHalfPs;
    step.instructions += 2;
    step.task.inKernel = true;
  }

  /** Returns from a system call: the other half of its cost; the task runs user code again. */
  public void syscallExit() {
    step.localPs += syscallHalfPs;
    step.instructions += 2;
    step.task.inKernel = false;
  }

  /** Counts a page fault (perf's page-faults). */
  public void countPageFault() {
    counters.pageFaults++;
  }

  /** Counts one operation of the workload's throughput figure. */
  public void countOp() {
    counters.ops++;
  }

  // ---------------------------------------------------------------- timed actions

  /**
   * The current task stops waiting for {@code lock} (it has acquired it): its spinning
   * interval ends here, so that time observers see it while the task still waits.
   */
  public void endLockWait(Object lock) {
    Task t = step.task;
    if (t.lockWaitCount > 0) {
      counters.split(step.cpu, step.now);
    }
    t.endLockWait(lock);
  }

  /** A burst of {@code ps} picoseconds retiring {@code instructions}; preemptible. */
  public void compute(long ps, long instructions, boolean user) {
    compute(ps, instructions, 0, user);
  }

  /** A burst of {@code ps} picoseconds retiring {@code instructions}, {@code branches} of them
   * branches; preemptible. */
  public void compute(long ps, long instructions, long branches, boolean user) {
    step.issue(StepAction.COMPUTE);
    step.branches += branches;
    step.ps = ps;
    step.instructions += instructions;
    step.user = user;
  }

  /**
   * Word {@code w} of the line of the current task's last word wait ({@link #spinWhile},
   * {@link #spinUntil}, {@link #spinUntilOrChanged}) as the read that ended it saw it: valid
   * when the wait's result is {@link WaitReason#LINE_WRITTEN}. That read is the loop's own
   * exit test, so the code after the wait need not load the line again.
   */
  public long seen(int w) {
    return spins.seen(step.cpu, w);
  }

  /** Sleeps unless woken since {@link #prepareToWait} ({@code schedule()}). */
  public void schedule() {
    step.issue(StepAction.SCHEDULE);
  }

  /** Sleeps for {@code ps} picoseconds. */
  public void sleep(long ps) {
    step.issue(StepAction.SLEEP);
    step.ps = ps;
  }

  /** Gives up the CPU to another runnable task of its queue, if any. */
  public void yield() {
    step.issue(StepAction.YIELD);
  }

  /** Ends the task. */
  public void exit() {
    step.issue(StepAction.EXIT);
  }

  // ---------------------------------------------------------------- coherence

  /** A line that a spin wait of {@code cpu} watches was written ({@link SpinWaits}). */
  @Override
  public void lineWritten(int cpu, long tok, long visibleAt) {
    spins.lineWritten(cpu, tok, visibleAt);
  }

  /** The load {@code cpu} is waiting for brings a write its line's owner made first. */
  @Override
  public void ownerWroteFirst(int cpu, CacheLine line) {
    Task t = sched.current(cpu);
    if (t != null) {
      ops.reread(cpu, t, line, coherence, sim.now());
    }
  }
}
