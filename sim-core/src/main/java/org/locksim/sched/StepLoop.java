package org.locksim.sched;

import org.locksim.engine.Simulation;
import org.locksim.engine.Timers;
import org.locksim.machine.CacheLine;

/**
 * The step loop: runs the steps of the task on each CPU until one issues a timed action, and
 * turns that action into what follows it: a memory access performed at its issue time, a
 * compute burst, a spin wait, or a call on the {@link Scheduler}. Private costs before a
 * scheduling action run first; a step that can go on at once when nothing else happens before
 * it does so without an event.
 *
 * <p>Each CPU has a token: whatever the loop scheduled for a CPU (an issued access, a spin
 * wait's wake conditions) is void once the token is bumped, when the CPU switches or its step
 * is rescheduled. A CPU's next step is its timer ({@link Timers}): rescheduling moves it, and
 * a bump cancels it, so a step moved many times (a burst whose SMT sibling starts and stops)
 * still fires once.
 */
final class StepLoop {
  private final Kernel k;
  private final Simulation sim;
  private final StepAction step;
  private final MemoryOps ops;
  private final boolean preemptibleKernel;
  private final Timers steps;
  /** Per CPU: whether its timer, when it fires, performs the memory access its step issued. */
  private final boolean[] issuing;
  /** Per CPU: its posted stores on their way to their lines. */
  private final PostedStores stores;
  private final int cpus;
  /** Per CPU: the token of what is pending for it. */
  final long[] token;
  /** How the hardware threads of a core share it while they compute. */
  final SmtShare smt;

  StepLoop(Kernel k, StepAction step, MemoryOps ops, int cpus) {
    this.k = k;
    this.sim = k.sim;
    this.step = step;
    this.ops = ops;
    this.preemptibleKernel = k.machine.kernel().preemptibleKernel();
    this.token = new long[cpus];
    this.smt = new SmtShare(k, k.machine);
    // One set of timers per simulation: each CPU's next step, then each CPU's first posted store.
    this.steps = sim.timers(this::onTimer, 2 * cpus);
    this.cpus = cpus;
    this.issuing = new boolean[cpus];
    this.stores = new PostedStores(cpus);
  }

  private void onTimer(int id, long unused) {
    if (id >= cpus) {
      onStore(id - cpus);
    } else {
      onStep(id);
    }
  }

  /** Sets {@code cpu}'s posted-store timer for its first store, or cancels it when none waits. */
  private void storeTimer(int cpu) {
    if (stores.pending(cpu)) {
      steps.set(cpus + cpu, stores.firstReached(cpu));
    } else {
      steps.cancel(cpus + cpu);
    }
  }

  private void onStep(int cpu) {
    if (issuing[cpu]) {
      issuing[cpu] = false;
      onIssue(cpu);
    } else {
      runStep(cpu, sim.now());
    }
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
    Scheduler sched = k.sched;
    Counters counters = k.counters;
    Task t = sched.current(cpu);
    if (t == null) {
      return -1;
    }
    if (t.computeLeft > 0) {
      long left = t.computeLeft;
      t.computeLeft = 0;
      counters.account(cpu, t.computeUser ? CpuMode.USER : t.kernelMode(), t.callers(), t.top().function(), t.id, now);
      // The rest of the burst is a burst like any other: ticks, preemption and SMT siblings see it.
      left = smt.start(cpu, left, now);
      t.computeEnd = now + left;
      return later(cpu, now + left);
    }
    if (t.computeEnd > 0) {
      // The scheduled end of a burst that a sibling slowed after it was scheduled: go on.
      long more = smt.moreAt(cpu, now);
      if (more > 0) {
        t.computeEnd = now + more;
        return later(cpu, now + more);
      }
    }
    smt.stop(cpu, now);
    t.computeEnd = 0;
    if (t.deferredAct != StepAction.NONE) {
      int action = t.deferredAct;
      t.deferredAct = StepAction.NONE;
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
      step.begin(cpu, t, at);
      Routine r = t.top();
      String callers = t.callers();
      r.step(k);
      counters.instructions[cpu] += step.instructions;
      counters.branches += step.branches;
      Routine after = t.depth > 0 ? t.top() : r;
      CpuMode mode = t.runsUser(r) ? CpuMode.USER : t.kernelMode();
      counters.account(cpu, mode, callers, r.function(), t.id, at);
      // Private costs run at the speed the core's other hardware threads leave them.
      long issue = at + smt.priced(cpu, step.localPs, at);
      switch (step.kind) {
        case StepAction.NONE -> {
          if (!step.nextSet) {
            throw new IllegalStateException(r.function() + ": a step must act, call, return or move on");
          }
          if (step.localPs > 0) {
            return later(cpu, issue);
          }
          at = issue;
        }
        case StepAction.MEM -> {
          ops.origin(cpu, callers, r.function(), t.runsUser(r));
          // Performed where it reaches its line's ordering point, as priced from its issue.
          long reached = issue + ops.reachPs(cpu, k.coherence, issue);
          if (ops.postedStore(cpu)) {
            if (reached > issue || stores.pending(cpu)) {
              // The CPU goes on; the store is ordered where it reaches its line, after the
              // CPU's earlier stores.
              long go = ops.post(cpu, t, issue, reached, stores, counters);
              storeTimer(cpu);
              return later(cpu, go);
            }
          } else if (stores.pending(cpu)) {
            if (drainThrough(cpu, ops.line(cpu))) {
              // The CPU's own store to the line was in its store buffer: the access sees it,
              // and goes to the line as that store left it.
              reached = issue + ops.reachPs(cpu, k.coherence, issue);
            }
            if (ops.drainsStores(cpu)) {
              reached = afterStores(cpu, reached);
            }
          }
          if (reached == at || sim.advanceTo(reached)) {
            // Ordered now, or nothing else happens before it is: performed at once.
            return later(cpu, Math.max(reached, ops.perform(cpu, t, issue, k.coherence, counters)));
          }
          // The CPU's timer, like its next step: a bump cancels both.
          steps.set(cpu, reached);
          issuing[cpu] = true;
          return -1;
        }
        case StepAction.COMPUTE -> {
          if (t.coldCachePs > 0) {
            // A migrated task refills its cache as it works: until the migration penalty is
            // paid, each burst stalls as long as it computes.
            long stall = Math.min(t.coldCachePs, step.ps);
            t.coldCachePs -= stall;
            step.ps += stall;
          }
          if (step.localPs > 0) {
            t.computeLeft = step.ps;
            t.computeUser = step.user;
            return later(cpu, issue);
          }
          counters.account(cpu, step.user ? CpuMode.USER : t.kernelMode(), t.depth > 0 ? t.callers() : callers,
              after.function(), t.id, at);
          t.computeUser = step.user;
          long wall = smt.start(cpu, step.ps, at);
          t.computeEnd = at + wall;
          scheduleStep(cpu, at + wall);
          return -1;
        }
        case StepAction.WAIT -> {
          drainThrough(cpu, step.spin.line);
          long go = k.spins.begin(cpu, t, issue, step.spin, step.ps);
          // A wait that ends at once goes on like any step with private costs.
          return go >= 0 ? later(cpu, go) : -1;
        }
        case StepAction.SCHEDULE, StepAction.SLEEP, StepAction.YIELD, StepAction.EXIT -> {
          if (issue > at) {
            // Run the private costs first; the scheduler acts when they are done, at a time
            // that is then the present.
            t.deferredAct = step.kind;
            t.deferredPs = step.ps;
            return later(cpu, issue);
          }
          scheduling(cpu, t, step.kind, step.ps, at);
          return -1;
        }
        default -> throw new IllegalStateException("unknown action " + step.kind);
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
  private boolean preemptibleHere(Task t) {
    return t.preemptCount == 0 && (!t.inKernel || preemptibleKernel);
  }

  /** Whether a compute burst of {@code t} may be cut by preemption. */
  boolean computePreemptible(Task t) {
    return t.preemptCount == 0 && (t.computeUser || preemptibleKernel);
  }

  private void scheduling(int cpu, Task t, int action, long ps, long at) {
    Scheduler sched = k.sched;
    switch (action) {
      case StepAction.SCHEDULE -> sched.sleepIfPrepared(cpu, t, at);
      case StepAction.SLEEP -> sched.sleepFor(cpu, t, at, ps);
      case StepAction.YIELD -> sched.yield(cpu, t, at);
      case StepAction.EXIT -> sched.exit(cpu, t, at);
      default -> throw new IllegalStateException("not a scheduling action: " + action);
    }
  }

  /** Runs the next step of {@code cpu}'s task at {@code at}, instead of when it was due. */
  void scheduleStep(int cpu, long at) {
    if (issuing[cpu]) {
      throw new IllegalStateException("CPU " + cpu + ": a step scheduled while its access is on its way");
    }
    steps.set(cpu, at);
  }

  /**
   * When a locked instruction {@code cpu} issues at {@code at} can be ordered: after the last of
   * its posted stores still on their way (a locked instruction drains the store buffer), else
   * at {@code at}.
   */
  long afterStores(int cpu, long at) {
    return stores.pending(cpu) ? Math.max(at, stores.drainedAt(cpu) + 1) : at;
  }

  /** Invalidates whatever is pending for {@code cpu}. */
  long bump(int cpu) {
    k.spins.clear(cpu);
    steps.cancel(cpu);
    issuing[cpu] = false;
    return ++token[cpu];
  }

  /**
   * Performs, now, {@code cpu}'s posted stores up to its last one to {@code line}, when one is
   * in its store buffer; whether one was ({@code line} may be null: none).
   */
  private boolean drainThrough(int cpu, CacheLine line) {
    if (line == null || !stores.pending(cpu) || !stores.goesTo(cpu, line)) {
      return false;
    }
    stores.performThrough(cpu, line, ops, k.coherence);
    storeTimer(cpu);
    return true;
  }

  /** {@code cpu}'s first posted store reaches its line: performs it and those due with it. */
  private void onStore(int cpu) {
    long now = sim.now();
    while (stores.pending(cpu) && stores.firstReached(cpu) <= now) {
      if (stores.forwardFirst(cpu, k.coherence, now) > 0) {
        break;
      }
      stores.performFirst(cpu, ops, k.coherence);
    }
    storeTimer(cpu);
  }

  private void onIssue(int cpu) {
    long now = sim.now();
    long forward = ops.forwardPs(cpu, k.coherence, now);
    if (forward > 0 || (ops.drainsStores(cpu) && afterStores(cpu, now) > now)) {
      // Its line left the socket it was going to, and it goes on to the one that has it now;
      // or a store it must be ordered after was sent on so.
      steps.set(cpu, Math.max(now + forward, afterStores(cpu, now)));
      issuing[cpu] = true;
      return;
    }
    Task t = k.sched.current(cpu);
    long done = Math.max(sim.now(), ops.perform(cpu, t, ops.issuedAt(cpu), k.coherence, k.counters));
    if (sim.advanceTo(done)) {
      runStep(cpu, done);
    } else {
      scheduleStep(cpu, done);
    }
  }
}
