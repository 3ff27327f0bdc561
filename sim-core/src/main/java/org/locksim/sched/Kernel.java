package org.locksim.sched;

import java.util.ArrayList;
import java.util.List;
import org.locksim.cpu.Instr;
import org.locksim.engine.Simulation;
import org.locksim.machine.CacheLine;
import org.locksim.machine.Coherence;
import org.locksim.machine.Cpu;
import org.locksim.machine.Isa;
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
 */
public final class Kernel implements LineListener {
  private static final int A_NONE = 0;
  private static final int A_MEM = 1;
  private static final int A_COMPUTE = 2;
  private static final int A_WAIT = 3;
  private static final int A_SCHEDULE = 4;
  private static final int A_SLEEP = 5;
  private static final int A_EXIT = 6;
  private static final int A_YIELD = 7;


  final Simulation sim;
  final Machine machine;
  final Coherence coherence;
  final Isa isa;
  private final boolean preemptibleKernel;
  private final long syscallHalfPs;
  final Scheduler sched;
  final Counters counters;
  final KernelObserver observer;
  private final int hStep;
  private final int hIssue;
  final List<Task> tasks = new ArrayList<>();

  final long[] token;
  private final MemoryOps ops;
  private final SpinWaits spins;

  private int curCpu;
  private Task curTask;
  private long stepNow;
  private int act;
  private long actLocal;
  private long actInstr;
  private long actBranches;
  private long actPs;
  private boolean actUser;
  private CacheLine waitLine;
  private int waitWord;
  private long waitValue;
  private boolean waitUntil;
  private int waitWord2;
  private long waitValue2;
  private Task waitOwner;
  private boolean waitResched;
  private boolean waitPrompt;
  private boolean nextSet;
  private boolean stopWhenAllExit;
  private long allExitedAt = -1;
  private int exited;
  private int stepFrame;
  private int workingSetLines = DEFAULT_WORKING_SET_LINES;

  /**
   * The lines a task refetches after it moves CPU unless its workload says otherwise
   * ({@link WorkingSetRefill}): estimate, 64 KB, a task's kernel stack (16 KB on x86-64), its
   * task_struct and the hot part of its data, about what an L1 data cache and a little more
   * hold; the catalog's former per-machine migration penalties assumed about as many.
   */
  public static final int DEFAULT_WORKING_SET_LINES = 1000;

  public Kernel(Simulation sim, Machine machine, SchedConfig config, KernelObserver observer) {
    this.observer = observer == null ? KernelObserver.NONE : observer;
    this.sim = sim;
    this.machine = machine;
    machine.attach(this);
    this.coherence = machine.coherence();
    this.isa = machine.isa();
    this.preemptibleKernel = machine.kernel().preemptibleKernel();
    this.syscallHalfPs = Math.round(machine.model().kernel().syscall().value() * 500);
    int n = machine.cpuCount();
    this.counters = new Counters(n, this.observer);
    this.token = new long[n];
    this.ops = new MemoryOps(n);
    this.hStep = sim.register(this::onStep);
    this.hIssue = sim.register(this::onIssue);
    this.spins = new SpinWaits(this, n);
    this.sched = new Scheduler(this, config);
  }

  // ---------------------------------------------------------------- set-up

  /** Creates a task that will run {@code main}; {@link #start} places it. */
  public Task newTask(String name, Routine main) {
    Task t = new Task(tasks.size(), name, main);
    tasks.add(t);
    return t;
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

  /** The time the current step runs at. */
  public long now() {
    return stepNow;
  }

  /** The result of the previous action of the current frame's task. */
  public long result() {
    return curTask.result;
  }

  public int pc() {
    return curTask.pcs[stepFrame];
  }

  /**
   * Sets the program counter of the frame whose step is running, for its next step (also when
   * the step has just called another routine: the caller resumes there).
   */
  public void next(int pc) {
    curTask.pcs[stepFrame] = pc;
    nextSet = true;
  }

  public long local(int i) {
    return curTask.locals[stepFrame * Task.LOCALS + localIndex(i)];
  }

  public void setLocal(int i, long v) {
    curTask.locals[stepFrame * Task.LOCALS + localIndex(i)] = v;
  }

  /** A routine has {@value Task#LOCALS} locals; a higher index would write the next frame's. */
  private static int localIndex(int i) {
    if (i < 0 || i >= Task.LOCALS) {
      throw new IndexOutOfBoundsException("local " + i + ": a routine has " + Task.LOCALS + " locals");
    }
    return i;
  }

  public Task task() {
    return curTask;
  }

  public int cpuId() {
    return curCpu;
  }

  public Cpu cpu() {
    return machine.cpu(curCpu);
  }

  public Isa isa() {
    return isa;
  }

  public Machine machine() {
    return machine;
  }

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

  /** Whether this CPU's need_resched flag is set. */
  public boolean needResched() {
    return sched.needResched(curCpu);
  }

  /** Whether {@code t} is on a CPU ({@code TD_IS_RUNNING}, {@code owner->on_cpu}). */
  public boolean onCpu(Task t) {
    return t != null && t.state == TaskState.RUNNING && t.cpu >= 0;
  }

  public Task taskById(int id) {
    return id >= 0 && id < tasks.size() ? tasks.get(id) : null;
  }

  public void preemptDisable() {
    curTask.preemptCount++;
  }

  public void preemptEnable() {
    curTask.preemptCount--;
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
    actLocal += machine.cpu(curCpu).ps(instr) * n;
    actInstr += (long) instr.instructions() * n;
    actBranches += (long) instr.branches() * n;
  }

  /**
   * Counts {@code n} conditional jumps that no cost-table entry prices (the branch after a fast
   * path's atomic, which is there with or without the test before it); they cost nothing.
   */
  public void branch(int n) {
    actBranches += n;
  }

  /** Pushes a frame running {@code r}; its first step runs next, its return value lands in
   * {@link #result()} of this frame. */
  public void call(Routine r) {
    curTask.push(r);
    nextSet = true;
  }

  /** Pops the current frame, handing {@code value} to the caller. */
  public void ret(long value) {
    curTask.pop();
    curTask.result = value;
    nextSet = true;
  }

  /** Adds the current task to {@code q}, as {@code prepare_to_wait} does; see {@link #schedule}. */
  public void prepareToWait(WaitQueue q) {
    sched.prepareToWait(curTask, q);
  }

  /**
   * The current task, still on {@code q} (it was woken where it stood, by
   * {@link #wakeFirstInPlace}), prepares to sleep again without joining it a second time: the
   * {@code __set_task_state(task, TASK_UNINTERRUPTIBLE)} of a waiter that never left its list.
   */
  public void prepareToWaitAgain(WaitQueue q) {
    sched.prepareToWaitAgain(curTask, q);
  }

  /** Takes the current task off {@code q} if it is still there ({@code finish_wait}). */
  public void finishWait(WaitQueue q) {
    q.remove(curTask.id);
    curTask.preparedOn = null;
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
   */
  private void tryToWakeUp(Task t) {
    exec(Instr.CALL, 1);
    int target = sched.wakeTarget(t, curCpu);
    actLocal += target < 0 ? machine.cpu(curCpu).ps(isa.cas())
        : sched.runQueueLockPs(curCpu, target, stepNow + actLocal);
    actInstr += 1;
    observer.wakeup(curTask.id, t, stepNow + actLocal);
    sched.wakeUp(t, curCpu, stepNow + actLocal);
  }

  /**
   * Enters a system call: half the model's null-syscall cost, and from here on the task runs
   * kernel code (preemptible only in a preemptible kernel).
   */
  public void syscallEnter() {
    actLocal += syscallHalfPs;
    actInstr += 2;
    curTask.inKernel = true;
  }

  /** Returns from a system call: the other half of its cost; the task runs user code again. */
  public void syscallExit() {
    actLocal += syscallHalfPs;
    actInstr += 2;
    curTask.inKernel = false;
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
    Task t = curTask;
    if (t.lockWaitCount > 0) {
      counters.split(curCpu, stepNow);
    }
    t.endLockWait(lock);
  }

  public void load(CacheLine l, int w) {
    mem(MemoryOps.LOAD, l, w, 0, 0, Instr.LOAD, false);
  }

  public void loadAcquire(CacheLine l, int w) {
    mem(MemoryOps.LOAD, l, w, 0, 0, isa.loadAcquire(), false);
  }

  /** A plain store (posted: the CPU does not wait for the line). */
  public void store(CacheLine l, int w, long v) {
    mem(MemoryOps.STORE, l, w, v, 0, Instr.STORE, true);
  }

  public void storeRelease(CacheLine l, int w, long v) {
    mem(MemoryOps.STORE, l, w, v, 0, isa.storeRelease(), true);
  }

  /** Compare-and-swap; the result is the old value. */
  public void cas(CacheLine l, int w, long expect, long update) {
    mem(isa.casFailureReads() ? MemoryOps.CAS_LLSC : MemoryOps.CAS, l, w, expect, update, isa.cas(), false);
  }

  /** Exchange; the result is the old value. */
  public void xchg(CacheLine l, int w, long v) {
    mem(MemoryOps.XCHG, l, w, v, 0, isa.xchg(), false);
  }

  /** Fetch-and-add; the result is the old value. */
  public void fetchAdd(CacheLine l, int w, long delta) {
    mem(MemoryOps.FADD, l, w, delta, 0, isa.fetchAdd(), false);
  }

  // ------------------------------------------------------------ fields of a word (sub-word access)

  /**
   * A posted store of the bits of word {@code w} under {@code mask}, the others left as they are
   * when the store is performed: a byte or halfword store ({@code WRITE_ONCE(lock->locked, 1)},
   * x86 {@code movb}/{@code movw}) into a word whose other fields other CPUs change.
   */
  public void storeField(CacheLine l, int w, long mask, long v) {
    mem(MemoryOps.STORE_FIELD, l, w, v, mask, Instr.STORE, true);
  }

  /** {@link #storeField} with release order ({@code smp_store_release} of a byte). */
  public void storeReleaseField(CacheLine l, int w, long mask, long v) {
    mem(MemoryOps.STORE_FIELD, l, w, v, mask, isa.storeRelease(), true);
  }

  /**
   * An exchange of the bits of word {@code w} under {@code mask} (x86's 16-bit {@code xchg},
   * locked like every {@code xchg} with memory); the result is the whole old word.
   */
  public void xchgField(CacheLine l, int w, long mask, long v) {
    mem(MemoryOps.XCHG_FIELD, l, w, v, mask, isa.xchg(), false);
  }

  /**
   * An atomic OR of {@code bits} into word {@code w}; the result is the old word. On an x86 SMP
   * kernel a {@code lock bts} or {@code lock or} (priced as {@code lockRmw}); elsewhere the
   * architecture's fetch-and-op.
   */
  public void fetchOr(CacheLine l, int w, long bits) {
    mem(MemoryOps.FETCH_OR, l, w, bits, 0, lockedRmw(), false);
  }

  /** An atomic clear of {@code bits} in word {@code w} ({@code atomic_long_andnot}), priced as {@link #fetchOr}. */
  public void fetchAndNot(CacheLine l, int w, long bits) {
    mem(MemoryOps.FETCH_ANDNOT, l, w, bits, 0, lockedRmw(), false);
  }

  private Instr lockedRmw() {
    return machine.model().architecture().isX86() && smp() ? Instr.LOCK_RMW : isa.fetchAdd();
  }

  /**
   * Spins, event-driven, while the bits of word {@code w} under {@code mask} equal
   * {@code value} (or until one of the other conditions of {@link #spinWait}): a loop on one
   * field of a word whose other bits change ({@code while (__mutex_owner(lock) == owner)}).
   */
  public void spinWhileMasked(CacheLine line, int w, long mask, long value, long timeoutPs,
      Task owner, boolean stopOnResched) {
    spinWhile(line, w, value & mask, timeoutPs, owner, stopOnResched);
    waitMask = mask;
  }

  /**
   * Spins, event-driven, until the bits of word {@code w} under {@code mask} equal
   * {@code value} (or one of the other conditions of {@link #spinWait}):
   * {@code atomic_cond_read_acquire(&lock->val, !(VAL & mask))} while other fields of the word
   * change. Writes that leave the masked bits short of the value cost a re-read but no event.
   */
  public void spinUntilMasked(CacheLine line, int w, long mask, long value, long timeoutPs,
      Task owner, boolean stopOnResched) {
    spinUntil(line, w, value & mask, timeoutPs, owner, stopOnResched);
    waitMask = mask;
  }

  private long waitMask = -1L;

  private void mem(int kind, CacheLine l, int w, long a, long b, Instr instr, boolean posted) {
    checkNoAction();
    act = A_MEM;
    ops.record(curCpu, kind, l, w, a, b, machine.cpu(curCpu).ps(instr), posted, instr.instructions());
  }

  /** A burst of {@code ps} picoseconds retiring {@code instructions}; preemptible. */
  public void compute(long ps, long instructions, boolean user) {
    compute(ps, instructions, 0, user);
  }

  /** A burst of {@code ps} picoseconds retiring {@code instructions}, {@code branches} of them
   * branches; preemptible. */
  public void compute(long ps, long instructions, long branches, boolean user) {
    checkNoAction();
    actBranches += branches;
    act = A_COMPUTE;
    actPs = ps;
    actInstr += instructions;
    actUser = user;
  }

  /**
   * Spins, event-driven, until {@code line} is written (when non-null; the caller has just read
   * it), {@code owner} leaves its CPU (when non-null), need_resched is set (when asked), or
   * {@code timeoutPs} passes (when positive). The result is a {@link WaitReason} ordinal.
   */
  public void spinWait(CacheLine line, long timeoutPs, Task owner, boolean stopOnResched) {
    checkNoAction();
    act = A_WAIT;
    waitLine = line;
    waitMask = -1L;
    waitWord = -1;
    waitUntil = false;
    waitWord2 = -1;
    waitOwner = owner;
    waitResched = stopOnResched;
    waitPrompt = false;
    actPs = timeoutPs;
  }

  /**
   * Waits, event-driven, until another CPU writes {@code line} (the caller holds it), and goes
   * on as soon as the write is visible, with no pause: a loop whose every pass is an atomic on
   * the line itself, {@code while (!cas(p, old, new)) ;} as the core-to-core-latency tool
   * spins, whose failing passes are not simulated. The result is
   * {@link WaitReason#LINE_WRITTEN}, or {@link WaitReason#NEED_RESCHED} when the CPU is to
   * switch first.
   */
  public void awaitWrite(CacheLine line) {
    // User code is preemptible: need_resched ends the wait too (result NEED_RESCHED).
    spinWait(line, 0, null, true);
    waitPrompt = true;
  }

  /**
   * Spins, event-driven, until word {@code w} of {@code line} no longer holds {@code value}
   * (the caller has just read it), or one of the other conditions of {@link #spinWait}. A
   * write that leaves the word as it was costs the spinner a re-read of the line (a transfer
   * when its copy was invalidated) but no event: the loop {@code while (*p == v) cpu_relax();}
   * without simulating each pass.
   */
  public void spinWhile(CacheLine line, int w, long value, long timeoutPs, Task owner,
      boolean stopOnResched) {
    spinWait(line, timeoutPs, owner, stopOnResched);
    waitWord = w;
    waitValue = value;
    waitUntil = false;
  }

  /**
   * Spins, event-driven, until word {@code w} of {@code line} holds {@code value} (or one of
   * the other conditions of {@link #spinWait}): the loop {@code while (*p != v) cpu_relax();}.
   * Writes that leave the word at another value cost the spinner a re-read but no event.
   */
  public void spinUntil(CacheLine line, int w, long value, long timeoutPs, Task owner,
      boolean stopOnResched) {
    spinWhile(line, w, value, timeoutPs, owner, stopOnResched);
    waitUntil = true;
  }

  /**
   * Spins, event-driven, until word {@code w} of {@code line} holds {@code value} or word
   * {@code w2} no longer holds {@code value2} (or one of the other conditions of
   * {@link #spinWait}): a loop that watches two words of one line, such as a waiter that
   * retries its CAS until the lock is free again or an owner appears to spin on. Writes that
   * change neither cost the spinner a re-read but no event.
   */
  public void spinUntilOrChanged(CacheLine line, int w, long value, int w2, long value2,
      long timeoutPs, Task owner, boolean stopOnResched) {
    spinUntil(line, w, value, timeoutPs, owner, stopOnResched);
    waitWord2 = w2;
    waitValue2 = value2;
  }

  /**
   * Word {@code w} of the line of the current task's last word wait ({@link #spinWhile},
   * {@link #spinUntil}, {@link #spinUntilOrChanged}) as the read that ended it saw it: valid
   * when the wait's result is {@link WaitReason#LINE_WRITTEN}. That read is the loop's own
   * exit test, so the code after the wait need not load the line again.
   */
  public long seen(int w) {
    return spins.seen(curCpu, w);
  }

  /** Sleeps unless woken since {@link #prepareToWait} ({@code schedule()}). */
  public void schedule() {
    checkNoAction();
    act = A_SCHEDULE;
  }

  /** Sleeps for {@code ps} picoseconds. */
  public void sleep(long ps) {
    checkNoAction();
    act = A_SLEEP;
    actPs = ps;
  }

  /** Gives up the CPU to another runnable task of its queue, if any. */
  public void yield() {
    checkNoAction();
    act = A_YIELD;
  }

  /** Ends the task. */
  public void exit() {
    checkNoAction();
    act = A_EXIT;
  }

  private void checkNoAction() {
    if (act != A_NONE) {
      throw new IllegalStateException(curTask.top().function() + ": two timed actions in one step");
    }
  }

  // ---------------------------------------------------------------- the step loop

  private void onStep(int cpu, long tok) {
    if (tok != token[cpu]) {
      return;
    }
    runStep(cpu, sim.now());
  }

  /** Runs steps of the task on {@code cpu} until one issues a timed action. */
  void runStep(int cpu, long now) {
    long at = now;
    do {
      at = stepAt(cpu, at);
    } while (at >= 0);
  }

  /**
   * Runs steps of the task on {@code cpu} from {@code now} until one issues a timed action;
   * returns the time to go on at when nothing else happens before it (the clock has moved
   * there), else -1 (the next step is scheduled, or the CPU has switched).
   */
  private long stepAt(int cpu, long now) {
    Task t = sched.current(cpu);
    if (t == null) {
      return -1;
    }
    if (t.computeLeft > 0) {
      long left = t.computeLeft;
      t.computeLeft = 0;
      counters.account(cpu, t.computeUser ? CpuMode.USER : t.kernelMode(), t.top().function(), t.id, now);
      // The rest of the burst is a burst like any other: ticks and preemption see it.
      t.computeEnd = now + left;
      return later(cpu, now + left);
    }
    t.computeEnd = 0;
    if (t.deferredAct != A_NONE) {
      int action = t.deferredAct;
      t.deferredAct = A_NONE;
      scheduling(cpu, t, action, t.deferredPs, now);
      return -1;
    }
    if (sched.needResched(cpu) && preemptibleHere(t)) {
      sched.preempt(cpu, now);
      return -1;
    }
    long at = now;
    for (int guard = 0; ; guard++) {
      if (guard > 10_000) {
        throw new IllegalStateException(t.top().function() + " loops without a timed action");
      }
      curCpu = cpu;
      curTask = t;
      stepNow = at;
      act = A_NONE;
      actLocal = 0;
      actInstr = 0;
      actBranches = 0;
      nextSet = false;
      stepFrame = t.depth - 1;
      Routine r = t.top();
      r.step(this);
      counters.instructions[cpu] += actInstr;
      counters.branches += actBranches;
      Routine after = t.depth > 0 ? t.top() : r;
      CpuMode mode = r.user() && !t.inKernel ? CpuMode.USER : t.kernelMode();
      counters.account(cpu, mode, r.function(), t.id, at);
      long issue = at + actLocal;
      switch (act) {
        case A_NONE -> {
          if (!nextSet) {
            throw new IllegalStateException(r.function() + ": a step must act, call, return or move on");
          }
          if (actLocal > 0) {
            return later(cpu, issue);
          }
          at = issue;
        }
        case A_MEM -> {
          ops.origin(cpu, r.function(), r.user() && !t.inKernel);
          if (issue == at || sim.advanceTo(issue)) {
            // Issued now, or nothing else happens before it is: performed at once.
            return later(cpu, ops.perform(cpu, t, issue, coherence, counters));
          }
          sim.schedule(issue, hIssue, cpu, token[cpu]);
          return -1;
        }
        case A_COMPUTE -> {
          if (t.coldCachePs > 0) {
            // A migrated task refills its cache as it works: until the migration penalty is
            // paid, each burst stalls as long as it computes.
            long stall = Math.min(t.coldCachePs, actPs);
            t.coldCachePs -= stall;
            actPs += stall;
          }
          if (actLocal > 0) {
            t.computeLeft = actPs;
            t.computeUser = actUser;
            return later(cpu, issue);
          }
          counters.account(cpu, actUser ? CpuMode.USER : t.kernelMode(), after.function(), t.id, at);
          t.computeUser = actUser;
          t.computeEnd = at + actPs;
          scheduleStep(cpu, at + actPs);
          return -1;
        }
        case A_WAIT -> {
          spins.mask(cpu, waitMask);
          long go = spins.begin(cpu, t, issue, waitLine, waitWord, waitValue, waitUntil, waitWord2,
              waitValue2, waitOwner, waitResched, waitPrompt, actPs);
          // A wait that ends at once goes on like any step with private costs.
          return go >= 0 ? later(cpu, go) : -1;
        }
        case A_SCHEDULE, A_SLEEP, A_YIELD, A_EXIT -> {
          if (issue > at) {
            // Run the private costs first; the scheduler acts when they are done, at a time
            // that is then the present.
            t.deferredAct = act;
            t.deferredPs = actPs;
            return later(cpu, issue);
          }
          scheduling(cpu, t, act, actPs, at);
          return -1;
        }
        default -> throw new IllegalStateException("unknown action " + act);
      }
    }
  }

  /** Goes on at {@code at} at once when nothing comes before it, else schedules the step. */
  private long later(int cpu, long at) {
    if (sim.advanceTo(at)) {
      return at;
    }
    scheduleStep(cpu, at);
    return -1;
  }

  /** Whether {@code t} may be preempted where it stands: outside a system call, or anywhere
   * preemption is enabled in a preemptible kernel. */
  boolean preemptibleHere(Task t) {
    return t.preemptCount == 0 && (!t.inKernel || preemptibleKernel);
  }

  /** Whether a compute burst of {@code t} may be cut by preemption. */
  boolean computePreemptible(Task t) {
    return t.preemptCount == 0 && (t.computeUser || preemptibleKernel);
  }

  private void scheduling(int cpu, Task t, int action, long ps, long at) {
    switch (action) {
      case A_SCHEDULE -> sched.sleepIfPrepared(cpu, t, at);
      case A_SLEEP -> sched.sleepFor(cpu, t, at, ps);
      case A_YIELD -> sched.yield(cpu, t, at);
      case A_EXIT -> sched.exit(cpu, t, at);
      default -> throw new IllegalStateException("not a scheduling action: " + action);
    }
  }

  void scheduleStep(int cpu, long at) {
    sim.schedule(at, hStep, cpu, token[cpu]);
  }

  /** Invalidates whatever is pending for {@code cpu}. */
  long bump(int cpu) {
    spins.clear(cpu);
    return ++token[cpu];
  }

  private void onIssue(int cpu, long tok) {
    if (tok != token[cpu]) {
      return;
    }
    Task t = sched.current(cpu);
    long done = ops.perform(cpu, t, sim.now(), coherence, counters);
    if (sim.advanceTo(done)) {
      runStep(cpu, done);
    } else {
      scheduleStep(cpu, done);
    }
  }

  // ---------------------------------------------------------------- spin waits

  @Override
  public void lineWritten(int cpu, long tok, long visibleAt) {
    spins.lineWritten(cpu, tok, visibleAt);
  }

  /** need_resched was set on {@code cpu}: a spinner that watches it stops. */
  void reschedSet(int cpu, long at) {
    spins.reschedSet(cpu, at);
  }

  /** {@code t} left its CPU: spinners watching it stop. */
  void offCpu(Task t, long at) {
    spins.offCpu(t, at);
  }
}
