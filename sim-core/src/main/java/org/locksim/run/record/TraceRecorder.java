package org.locksim.run.record;

import java.util.Arrays;
import org.locksim.cpu.CpuSlot;
import org.locksim.lock.Lock;
import org.locksim.machine.Machine;
import org.locksim.run.RunContext;
import org.locksim.run.RunListener;
import org.locksim.scenario.Scenario;
import org.locksim.sched.CpuMode;
import org.locksim.sched.Task;
import org.locksim.trace.ArrowKind;
import org.locksim.trace.CounterKind;
import org.locksim.trace.CpuState;
import org.locksim.trace.TaskState;
import org.locksim.trace.TraceHeader;
import org.locksim.trace.TraceWriter;

/**
 * Streams a run into a {@link TraceWriter}, warm-up included:
 *
 * <ul>
 *   <li>CPU rows: every CPU interval with its task and kernel function;</li>
 *   <li>task rows: RUNNING and SPINNING (the task's CPU is in SPINNING mode; the interval names
 *       the lock the task waits for) built from the CPU intervals, consecutive pieces of the
 *       same state merged; RUNNABLE, BLOCKED (naming the lock the task last contended and has
 *       not acquired since, when there is one) and SLEEPING from the task's state changes;</li>
 *   <li>lock rows: each hold, acquisition to release, with its owner;</li>
 *   <li>counters: waiters per lock (+1 at a task's first contention, -1 at its acquisition)
 *       and run-queue length per CPU;</li>
 *   <li>arrows: WAKEUP from the waker when it woke the task to the wakee when it got a CPU
 *       (from task -1 for a timer); MIGRATION from the end of a task's last run on one CPU to
 *       its start on another; HANDOFF from a release to the next acquisition of the same lock
 *       when the acquirer had contended for it.</li>
 * </ul>
 *
 * <p>The kernel may report a time slightly ahead of the simulation clock (a wakeup's IPI
 * latency, an instruction's cost), so a row's records could come a little out of order; the
 * recorder moves such a start up to the row's previous end (a counter sample to its previous
 * time), which the writer requires. Memory is bounded: a few words per task, lock and CPU, and
 * the writer's one block. The recorder does not close the writer.
 */
public final class TraceRecorder implements RunListener {
  private static final CpuState[] CPU_STATES = new CpuState[CpuMode.values().length];
  private static final TaskState[] TASK_STATES = TaskState.values();
  private static final int NONE = -1;
  private static final int NO_WAKER = -2;

  static {
    for (CpuMode m : CpuMode.values()) {
      CPU_STATES[m.ordinal()] = CpuState.valueOf(m.name());
    }
  }

  private final TraceWriter w;
  private LockIndex index;

  // per task
  private boolean[] defined = new boolean[0];
  private int[] offState = new int[0];
  private long[] offSince = new long[0];
  private int[] offLock = new int[0];
  private int[] segState = new int[0];
  private int[] segLock = new int[0];
  private long[] segStart = new long[0];
  private long[] segEnd = new long[0];
  private long[] rowEnd = new long[0];
  private long[] onCpuEnd = new long[0];
  private int[] waitLock = new int[0];
  private int[] waker = new int[0];
  private long[] wokenAt = new long[0];

  // per lock
  private int[] holder;
  private long[] holdStart;
  private long[] lastHoldStart;
  private long[] waiters;
  private long[] waitersAt;
  private int[] releasedBy;
  private long[] releasedAt;

  // per CPU
  private long[] cpuEnd;
  private long[] runQueueAt;

  private TraceRecorder(TraceWriter writer) {
    this.w = writer;
  }

  /** A recorder writing to {@code writer}, which must have been opened with {@link #header}. */
  public static TraceRecorder to(TraceWriter writer) {
    return new TraceRecorder(writer);
  }

  /**
   * The header of a trace of {@code s} run with {@code seed}: its label, the CPUs its kernel
   * brings up and its locks (tasks are defined as the workload creates them).
   */
  public static TraceHeader header(Scenario s, long seed) {
    return new TraceHeader(s.label(), seed, Machine.onlineCpus(s.machine(), s.kernel()), 0,
        s.locks().size());
  }

  @Override
  public void started(RunContext c) {
    index = new LockIndex(c.locks());
    int n = index.size();
    holder = filled(n, NONE);
    holdStart = new long[n];
    lastHoldStart = new long[n];
    waiters = new long[n];
    waitersAt = new long[n];
    releasedBy = filled(n, NO_WAKER);
    releasedAt = new long[n];
    cpuEnd = new long[c.cpuCount()];
    runQueueAt = new long[c.cpuCount()];
    for (int cpu = 0; cpu < c.cpuCount(); cpu++) {
      CpuSlot s = c.machine().cpu(cpu).slot();
      w.defineCpu(cpu, "CPU " + cpu + " (socket " + s.socket() + ", core " + s.core() + ", thread "
          + s.thread() + ")");
    }
    for (int l = 0; l < n; l++) {
      w.defineLock(l, index.lock(l).name());
    }
  }

  private static int[] filled(int n, int v) {
    int[] a = new int[n];
    Arrays.fill(a, v);
    return a;
  }

  private void ensure(int t) {
    if (t < defined.length) {
      return;
    }
    defined = Grow.bools(defined, t);
    offState = Grow.ints(offState, t, NONE);
    offSince = Grow.longs(offSince, t);
    offLock = Grow.ints(offLock, t, NONE);
    segState = Grow.ints(segState, t, NONE);
    segLock = Grow.ints(segLock, t, NONE);
    segStart = Grow.longs(segStart, t);
    segEnd = Grow.longs(segEnd, t);
    rowEnd = Grow.longs(rowEnd, t);
    onCpuEnd = Grow.longs(onCpuEnd, t);
    waitLock = Grow.ints(waitLock, t, NONE);
    waker = Grow.ints(waker, t, NO_WAKER);
    wokenAt = Grow.longs(wokenAt, t);
  }

  private void define(Task task) {
    int t = task.id();
    ensure(t);
    if (!defined[t]) {
      defined[t] = true;
      w.defineTask(t, task.name());
    }
  }

  // ---------------------------------------------------------------- kernel

  @Override
  public void cpuInterval(int cpu, CpuMode mode, String fn, int task, long from, long to) {
    long start = Math.max(from, cpuEnd[cpu]);
    if (to <= start) {
      return;
    }
    cpuEnd[cpu] = to;
    w.cpuState(cpu, start, to, CPU_STATES[mode.ordinal()], task, fn == null ? -1 : w.internString(fn));
    if (task < 0 || mode == CpuMode.IDLE) {
      return;
    }
    ensure(task);
    int state = mode == CpuMode.SPINNING ? TaskState.SPINNING.ordinal() : TaskState.RUNNING.ordinal();
    int lock = mode == CpuMode.SPINNING ? waitLock[task] : NONE;
    onCpuEnd[task] = Math.max(onCpuEnd[task], to);
    if (segState[task] == state && segLock[task] == lock && segEnd[task] == start) {
      segEnd[task] = to;
      return;
    }
    flushSegment(task);
    segState[task] = state;
    segLock[task] = lock;
    segStart[task] = start;
    segEnd[task] = to;
  }

  private void flushSegment(int t) {
    if (segState[t] != NONE) {
      taskRow(t, segStart[t], segEnd[t], segState[t], segLock[t]);
      segState[t] = NONE;
    }
  }

  private void taskRow(int t, long from, long to, int state, int lock) {
    long start = Math.max(from, rowEnd[t]);
    if (to > start) {
      w.taskState(t, start, to, TASK_STATES[state], lock);
      rowEnd[t] = to;
    }
  }

  @Override
  public void taskState(Task task, org.locksim.sched.TaskState state, long at) {
    define(task);
    int t = task.id();
    if (offState[t] != NONE) {
      flushSegment(t);
      taskRow(t, offSince[t], at, offState[t], offLock[t]);
    }
    offState[t] = switch (state) {
      case RUNNABLE -> TaskState.RUNNABLE.ordinal();
      case BLOCKED -> TaskState.BLOCKED.ordinal();
      case SLEEPING -> TaskState.SLEEPING.ordinal();
      case RUNNING, EXITED -> NONE;
    };
    offSince[t] = at;
    offLock[t] = state == org.locksim.sched.TaskState.BLOCKED ? waitLock[t] : NONE;
    if (state == org.locksim.sched.TaskState.RUNNING && waker[t] != NO_WAKER) {
      w.arrow(ArrowKind.WAKEUP, wokenAt[t], waker[t], Math.max(at, wokenAt[t]), t, waitLock[t]);
      waker[t] = NO_WAKER;
    }
  }

  @Override
  public void wakeup(int from, Task wakee, long at) {
    define(wakee);
    org.locksim.sched.TaskState s = wakee.state();
    if (s == org.locksim.sched.TaskState.BLOCKED || s == org.locksim.sched.TaskState.SLEEPING) {
      waker[wakee.id()] = from;
      wokenAt[wakee.id()] = at;
    }
  }

  @Override
  public void migration(Task task, int from, int to, long at) {
    define(task);
    int t = task.id();
    long left = Math.min(onCpuEnd[t], at);
    w.arrow(ArrowKind.MIGRATION, left, t, at, t, NONE);
  }

  @Override
  public void runQueue(int cpu, int length, long at) {
    long time = Math.max(at, runQueueAt[cpu]);
    runQueueAt[cpu] = time;
    w.counter(CounterKind.RUNQUEUE, cpu, time, length);
  }

  // ---------------------------------------------------------------- locks

  @Override
  public void contended(Lock lock, Task task, long now) {
    int l = index.of(lock);
    if (l < 0) {
      return;
    }
    define(task);
    int t = task.id();
    if (waitLock[t] == l) {
      return;
    }
    if (waitLock[t] != NONE) {
      waiters(waitLock[t], -1, now);
    }
    waitLock[t] = l;
    waiters(l, +1, now);
  }

  @Override
  public void acquired(Lock lock, Task task, long now) {
    int l = index.of(lock);
    if (l < 0) {
      return;
    }
    define(task);
    int t = task.id();
    if (waitLock[t] == l) {
      waitLock[t] = NONE;
      waiters(l, -1, now);
      if (releasedBy[l] != NO_WAKER) {
        w.arrow(ArrowKind.HANDOFF, Math.min(releasedAt[l], now), releasedBy[l], now, t, l);
      }
    }
    releasedBy[l] = NO_WAKER;
    holder[l] = t;
    holdStart[l] = now;
  }

  @Override
  public void released(Lock lock, Task task, long now, long heldPs) {
    int l = index.of(lock);
    if (l < 0) {
      return;
    }
    hold(l, now - heldPs, now, task.id());
    holder[l] = NONE;
    releasedBy[l] = task.id();
    releasedAt[l] = now;
  }

  private void hold(int l, long from, long to, int owner) {
    long start = Math.max(from, lastHoldStart[l]);
    lastHoldStart[l] = start;
    w.lockHeld(l, start, Math.max(start, to), owner);
  }

  private void waiters(int l, int delta, long at) {
    waiters[l] = Math.max(0, waiters[l] + delta);
    long time = Math.max(at, waitersAt[l]);
    waitersAt[l] = time;
    w.counter(CounterKind.WAITERS, l, time, waiters[l]);
  }

  // ---------------------------------------------------------------- end

  @Override
  public void finished(long endPs) {
    for (int t = 0; t < defined.length; t++) {
      if (!defined[t]) {
        continue;
      }
      flushSegment(t);
      if (offState[t] != NONE) {
        taskRow(t, offSince[t], endPs, offState[t], offLock[t]);
        offState[t] = NONE;
      }
    }
    for (int l = 0; l < holder.length; l++) {
      if (holder[l] != NONE) {
        hold(l, holdStart[l], endPs, holder[l]);
        holder[l] = NONE;
      }
    }
  }
}
