package org.locksim.sched;

import java.util.Arrays;
import org.locksim.cpu.KernelCosts;
import org.locksim.machine.Machine;

/**
 * The scheduling policy: a simplified CFS over per-CPU {@link RunQueue}s.
 *
 * <ul>
 *   <li>Start: a new task's virtual runtime is {@code min_vruntime} plus the slice it would get
 *       on its CPU (2.6.29's {@code place_entity} with {@code START_DEBIT}, on in every CFS
 *       kernel), so a task started beside running ones waits its turn rather than taking the
 *       CPU at once and keeping a slice of credit wherever it migrates.
 *   <li>Pick: the queued task with the least virtual runtime.
 *   <li>Tick ({@link SchedTick}): a task that has run its slice ({@link SchedConfig#slicePs})
 *       while others wait gets need_resched; a preemptible compute burst is cut at once.
 *   <li>Wakeup ({@code try_to_wake_up}): the previous CPU if idle, else (unless the settings
 *       turn the search off, as Linux 2.6.27 to 2.6.31 had it) the nearest idle CPU of the same
 *       socket, else the previous CPU's queue, always among the task's allowed CPUs
 *       ({@link WakeCpu}). A woken
 *       task's virtual runtime is at least {@code min_vruntime - latency/2} (sleeper credit);
 *       it preempts the running task when it leads by more than the wakeup granularity. A remote
 *       CPU learns of it after the wakeup IPI latency.
 *   <li>Balance ({@link LoadBalancer}): a CPU going idle pulls a queued task from the busiest
 *       queue; every few ticks a CPU pulls one when another queue is at least two tasks
 *       longer; only a task allowed on the pulling CPU moves, so a pinned task never does.
 *   <li>Migration: a task that starts on another CPU than last time pays the model's cold-cache
 *       penalty and counts a migration.
 * </ul>
 */
final class Scheduler {
  private final Kernel k;
  private final SchedConfig cfg;
  private final Machine machine;
  private final Task[] current;
  private final RunQueue[] rq;
  private final boolean[] needResched;
  private final long[] switchIns;
  private final boolean[] arriving;
  private final int hArrive;
  private final long[] ctxPs;
  private final WakeCosts wakeCosts;
  private final WorkingSetRefill refill;
  private final SchedTick ticks;
  private final int hResched;
  private final int hTimer;
  private final WakeCpu wakeCpu;
  private final LoadBalancer balancer;

  Scheduler(Kernel k, SchedConfig cfg) {
    this.k = k;
    this.cfg = cfg;
    this.machine = k.machine;
    int n = machine.cpuCount();
    current = new Task[n];
    rq = new RunQueue[n];
    for (int i = 0; i < n; i++) {
      rq[i] = new RunQueue();
    }
    needResched = new boolean[n];
    switchIns = new long[n];
    arriving = new boolean[n];
    KernelCosts kc = machine.model().kernel();
    ctxPs = new long[n];
    Arrays.fill(ctxPs, nsToPs(kc.contextSwitch().value()));
    wakeCosts = new WakeCosts(machine, ctxPs);
    refill = new WorkingSetRefill(machine);
    wakeCpu = new WakeCpu(machine, cfg.wakeIdle());
    balancer = new LoadBalancer(this, k.sim, machine, cfg, rq, current);
    ticks = new SchedTick(this, k, cfg, balancer, nsToPs(kc.timerTick().value()));
    hResched = k.sim.register((cpu, switches) -> {
      // A wakeup's IPI concerns the task that ran when it was sent.
      if (switches == switchIns[cpu]) {
        reschedNow(cpu, k.sim.now());
      }
    });
    hTimer = k.sim.register((task, unused) -> timerExpired(k.tasks.get(task)));
    hArrive = k.sim.register((cpu, switches) -> {
      if (arriving[cpu] && switches == switchIns[cpu]) {
        arrive(cpu, k.sim.now());
      }
    });
  }

  private static long nsToPs(double ns) {
    return Math.round(ns * 1000);
  }

  private void setState(Task t, TaskState s, long at) {
    t.state = s;
    k.observer.taskState(t, s, at);
  }

  void enqueue(int cpu, Task t, long at) {
    rq[cpu].add(t);
    k.observer.runQueue(cpu, rq[cpu].size(), at);
  }

  void dequeue(int cpu, Task t, long at) {
    rq[cpu].remove(t);
    k.observer.runQueue(cpu, rq[cpu].size(), at);
  }

  Task current(int cpu) {
    return current[cpu];
  }

  boolean needResched(int cpu) {
    return needResched[cpu];
  }

  void startTicks() {
    ticks.start(current.length);
  }

  /** The task running on {@code cpu} now: null while it is idle or a woken task is on its way. */
  Task runningNow(int cpu) {
    return arriving[cpu] ? null : current[cpu];
  }

  /** Tasks waiting in {@code cpu}'s run queue. */
  int queued(int cpu) {
    return rq[cpu].size();
  }

  void startTask(Task t, int cpu, long now) {
    if (!t.allowedOn(cpu)) {
      throw new IllegalArgumentException(t + " may not run on CPU " + cpu + " (allowed: " + t.allowed + ")");
    }
    setState(t, TaskState.RUNNABLE, now);
    // place_entity(cfs_rq, se, initial = 1) with START_DEBIT: a new task starts one virtual
    // slice behind min_vruntime, the slice it would get among the tasks already there.
    updateMin(cpu, now);
    int running = rq[cpu].size() + (current[cpu] != null ? 1 : 0);
    t.vruntime = rq[cpu].minVruntime + cfg.slicePs(running + 1);
    if (current[cpu] == null) {
      switchIn(cpu, t, now);
    } else {
      enqueue(cpu, t, now);
    }
  }

  // ---------------------------------------------------------------- switching

  void switchIn(int cpu, Task t, long at) {
    arriving[cpu] = false;
    switchIns[cpu]++;
    if (!t.allowedOn(cpu)) {
      throw new IllegalStateException(t + " switched in on CPU " + cpu + " outside its CPUs " + t.allowed);
    }
    current[cpu] = t;
    setState(t, TaskState.RUNNING, at);
    t.cpu = cpu;
    t.markRanOn(cpu);
    k.loop.bump(cpu);
    // The switch includes taking this CPU's run-queue lock; a remote waker may have taken
    // its line since. The lock is a locked instruction: it waits for the CPU's posted stores
    // still on their way (a lock released just before the task slept), as a wakeup's does.
    long locked = k.loop.afterStores(cpu, at);
    long cost = (locked - at) + ctxPs[cpu] + wakeCosts.ownRunQueueExtraPs(cpu, locked);
    if (t.lastCpu >= 0 && t.lastCpu != cpu) {
      k.observer.migration(t, t.lastCpu, cpu, at);
      t.migrations++;
      k.counters.migrations++;
      t.coldCachePs += refill.ps(k.workingSetLines(), t.lastCpu, cpu);
    }
    t.lastCpu = cpu;
    t.execStart = at;
    t.sliceStart = at;
    needResched[cpu] = false;
    k.counters.account(cpu, CpuMode.SWITCHING, null, "schedule", t.id, at);
    k.loop.scheduleStep(cpu, at + cost);
  }

  private void switchOut(int cpu, Task t, long now, boolean voluntary) {
    long ran = now - t.execStart;
    t.lastRanAt = now;
    t.runPs += ran;
    t.vruntime += ran;
    current[cpu] = null;
    t.cpu = -1;
    k.loop.bump(cpu);
    k.counters.contextSwitches++;
    if (voluntary) {
      t.voluntarySwitches++;
    } else {
      t.involuntarySwitches++;
      k.counters.involuntarySwitches++;
    }
    k.spins.offCpu(t, now);
  }

  private void pickNext(int cpu, long now) {
    Task n = rq[cpu].peekMin();
    if (n != null) {
      dequeue(cpu, n, now);
    } else if (cfg.idleBalance()) {
      n = balancer.pullFromBusiest(cpu, 1);
    }
    if (n != null) {
      rq[cpu].advanceMin(n.vruntime);
      switchIn(cpu, n, now);
    } else {
      needResched[cpu] = false;
      wakeCosts.wentIdle(cpu, now);
      k.counters.account(cpu, CpuMode.IDLE, null, null, -1, now);
    }
  }

  /** CFS's update_min_vruntime: the least of the running task's and the leftmost's. */
  void updateMin(int cpu, long now) {
    Task c = current[cpu];
    Task l = rq[cpu].peekMin();
    long v = Long.MAX_VALUE;
    if (c != null && c.state == TaskState.RUNNING) {
      v = liveVruntime(c, now);
    }
    if (l != null) {
      v = Math.min(v, l.vruntime);
    }
    if (v != Long.MAX_VALUE) {
      rq[cpu].advanceMin(v);
    }
  }

  private long liveVruntime(Task t, long now) {
    return t.vruntime + (now - t.execStart);
  }

  /**
   * The woken task reserved for idle {@code cpu} arrives: the CPU's {@code schedule()} picks
   * the leftmost of it and whatever was queued meanwhile (tasks woken at the same moment), so
   * the one with the least virtual runtime runs first.
   */
  private void arrive(int cpu, long now) {
    Task t = current[cpu];
    Task queued = rq[cpu].peekMin();
    if (queued != null && queued.vruntime < t.vruntime) {
      dequeue(cpu, queued, now);
      enqueue(cpu, t, now);
      t = queued;
    }
    switchIn(cpu, t, now);
  }

  void preempt(int cpu, long now) {
    Task t = current[cpu];
    needResched[cpu] = false;
    Task best = rq[cpu].peekMin();
    if (best == null || best.vruntime >= liveVruntime(t, now)) {
      // schedule() would pick the current task again: no switch happens, none is counted.
      k.loop.runStep(cpu, now);
      return;
    }
    switchOut(cpu, t, now, false);
    setState(t, TaskState.RUNNABLE, now);
    enqueue(cpu, t, now);
    pickNext(cpu, now);
  }

  // ---------------------------------------------------------------- sleeping and waking

  void prepareToWait(Task t, WaitQueue q) {
    q.add(t.id);
    t.preparedOn = q;
  }

  /** {@code t} is on {@code q} already (woken where it stood) and prepares to sleep again. */
  void prepareToWaitAgain(Task t, WaitQueue q) {
    t.preparedOn = q;
  }

  void sleepIfPrepared(int cpu, Task t, long at) {
    if (t.preparedOn == null) {
      k.loop.scheduleStep(cpu, at);
      return;
    }
    setState(t, TaskState.BLOCKED, at);
    switchOut(cpu, t, at, true);
    pickNext(cpu, at);
  }

  void sleepFor(int cpu, Task t, long at, long ps) {
    setState(t, TaskState.SLEEPING, at);
    switchOut(cpu, t, at, true);
    k.sim.schedule(at + ps, hTimer, t.id, 0);
    pickNext(cpu, at);
  }

  private void timerExpired(Task t) {
    if (t.state == TaskState.SLEEPING) {
      k.observer.wakeup(-1, t, k.sim.now());
      wakeUp(t, t.lastCpu, k.sim.now());
    }
  }

  /**
   * sched_yield: CFS's {@code yield_task_fair} makes the yielding task the skip buddy, so the
   * next pick is the leftmost other task; with none queued the task just goes on, and no
   * switch is counted ({@code schedule()} counts one only when the next task differs).
   */
  void yield(int cpu, Task t, long at) {
    if (rq[cpu].size() == 0) {
      k.loop.scheduleStep(cpu, at);
      return;
    }
    switchOut(cpu, t, at, true);
    setState(t, TaskState.RUNNABLE, at);
    pickNext(cpu, at);
    enqueue(cpu, t, at);
  }

  void exit(int cpu, Task t, long at) {
    setState(t, TaskState.EXITED, at);
    k.taskExited(at);
    switchOut(cpu, t, at, true);
    pickNext(cpu, at);
  }

  /**
   * The CPU whose run queue {@code t} would join if {@code waker} woke it now, or -1 when the
   * wakeup does nothing (the task runs or is queued already).
   */
  int wakeTarget(Task t, int waker) {
    if (t.state != TaskState.BLOCKED && t.state != TaskState.SLEEPING) {
      return -1;
    }
    return wakeCpu.select(t, t.lastCpu >= 0 ? t.lastCpu : waker, current);
  }

  /** What {@code cpu} pays at {@code at} to take {@code target}'s run-queue lock. */
  long runQueueLockPs(int cpu, int target, long at) {
    return wakeCosts.runQueueLockPs(cpu, target, at);
  }

  /** try_to_wake_up: {@code waker} wakes {@code t} at {@code at}. */
  void wakeUp(Task t, int waker, long at) {
    k.counters.wakeups++;
    if (t.state == TaskState.RUNNING || t.state == TaskState.RUNNABLE) {
      t.preparedOn = null;
      return;
    }
    if (t.state != TaskState.BLOCKED && t.state != TaskState.SLEEPING) {
      return;
    }
    t.preparedOn = null;
    setState(t, TaskState.RUNNABLE, at);
    int prev = t.lastCpu >= 0 ? t.lastCpu : waker;
    int target = wakeCpu.select(t, prev, current);
    updateMin(target, at);
    updateMin(prev, at);
    t.vruntime += rq[target].minVruntime - rq[prev].minVruntime;
    t.vruntime = Math.max(t.vruntime, rq[target].minVruntime - cfg.latencyPs() / 2);
    if (current[target] == null) {
      long delay = wakeCosts.idleTargetPs(target, waker, at);
      if (at + delay > k.sim.now()) {
        // The CPU is taken from now on; the task starts when the IPI (or the waker's costs)
        // have passed, and only then is it running.
        current[target] = t;
        arriving[target] = true;
        k.sim.schedule(at + delay, hArrive, target, switchIns[target]);
      } else {
        switchIn(target, t, at + delay);
      }
      return;
    }
    long delay = wakeCosts.busyTargetPs(target, waker);
    enqueue(target, t, at);
    Task curr = current[target];
    if (!arriving[target] && liveVruntime(curr, at) - t.vruntime > cfg.wakeupGranularityPs()) {
      resched(target, at + delay);
    }
  }

  void resched(int cpu, long at) {
    if (at > k.sim.now()) {
      k.sim.schedule(at, hResched, cpu, switchIns[cpu]);
    } else {
      reschedNow(cpu, at);
    }
  }

  void reschedNow(int cpu, long now) {
    Task t = current[cpu];
    if (t == null || arriving[cpu]) {
      return;
    }
    needResched[cpu] = true;
    k.spins.reschedSet(cpu, now);
    if (t.computeEnd > now && k.loop.computePreemptible(t)) {
      cutCompute(cpu, t, now);
    }
  }

  private void cutCompute(int cpu, Task t, long now) {
    // What is left, as work: it resumes at whatever speed the core's threads then leave it.
    t.computeLeft = k.loop.smt.soloLeft(cpu, now, t.computeEnd - now);
    k.loop.smt.stop(cpu, now);
    t.computeEnd = 0;
    // The step at the burst's end is void: preempt() switches or runs the rest from now.
    k.loop.bump(cpu);
    preempt(cpu, now);
  }
}
