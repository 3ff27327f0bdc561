package org.locksim.run.record;

import java.util.IdentityHashMap;
import java.util.Map;
import org.locksim.lock.Lock;
import org.locksim.metrics.FoldedStacks;
import org.locksim.run.RunContext;
import org.locksim.run.RunListener;
import org.locksim.sched.CpuMode;
import org.locksim.sched.Task;
import org.locksim.sched.TaskState;

/**
 * Charges a run's measurement window to folded stacks, for flame graphs.
 *
 * <p>On-CPU (every CPU's time, so the total is CPUs times the window): {@code user;<fn>} and
 * {@code kernel;<fn>} for user and system time in a routine, {@code kernel;<fn>;spin} for
 * spinning in it, {@code kernel;schedule} for context switches and {@code idle}. A routine
 * called from another sits under its callers, root first
 * ({@code kernel;lock_torture_writer;queued_spin_lock;spin}, {@code kernel;uvm_fault;mtx_enter;spin}),
 * so a flame graph charges a lock's spinning to the system call or fault that took it.
 *
 * <p>Off-CPU (every task's time off its CPU): {@code offcpu;blocked;<lock>} while blocked on a
 * lock it contended and has not acquired since ({@code offcpu;blocked} when no lock is known),
 * {@code offcpu;runnable} while queued for a CPU, {@code offcpu;sleeping} while asleep for a
 * time.
 *
 * <p>Intervals are clipped to the window, so the warm-up is left out as it is from every other
 * figure. Stacks are interned on first use; after that each interval costs one identity-map
 * lookup and allocates nothing.
 */
public final class FoldedRecorder implements RunListener {
  private static final String UNKNOWN = "unknown";

  private final FoldedStacks onCpu;
  private final FoldedStacks offCpu;
  /** Per mode, callers (identity; the kernel interns them), then function (identity): the stack. */
  @SuppressWarnings("unchecked")
  private final Map<String, Map<String, Integer>>[] byMode = new Map[CpuMode.values().length];
  private final int idle;
  private final int runnable;
  private final int sleeping;
  private final int blocked;
  private int[] blockedOn;
  private LockIndex index;
  private long from;
  private long to;

  private int[] waitLock = new int[0];
  private int[] offStack = new int[0];
  private long[] offSince = new long[0];

  /** Records into new stacks counting microseconds. */
  public FoldedRecorder() {
    this(new FoldedStacks(), new FoldedStacks());
  }

  /** Records on-CPU time into {@code onCpu} and off-CPU time into {@code offCpu}. */
  public FoldedRecorder(FoldedStacks onCpu, FoldedStacks offCpu) {
    this.onCpu = onCpu;
    this.offCpu = offCpu;
    for (int m = 0; m < byMode.length; m++) {
      byMode[m] = new IdentityHashMap<>();
    }
    idle = onCpu.intern("idle");
    runnable = offCpu.intern("offcpu;runnable");
    sleeping = offCpu.intern("offcpu;sleeping");
    blocked = offCpu.intern("offcpu;blocked");
  }

  /** The on-CPU profile. */
  public FoldedStacks onCpu() {
    return onCpu;
  }

  /** The off-CPU profile. */
  public FoldedStacks offCpu() {
    return offCpu;
  }

  @Override
  public void started(RunContext c) {
    index = new LockIndex(c.locks());
    blockedOn = new int[index.size()];
    for (int l = 0; l < blockedOn.length; l++) {
      blockedOn[l] = offCpu.intern("offcpu;blocked;" + frame(index.lock(l).name()));
    }
    from = c.measureFromPs();
    to = c.measureToPs();
  }

  /** A lock or function name made safe as one frame: no separators, no blanks at the ends. */
  static String frame(String name) {
    String f = name == null ? UNKNOWN : name.replace(';', ':').replaceAll("[\\s]", "_");
    return f.isEmpty() ? UNKNOWN : f;
  }

  private long clipped(long start, long end) {
    long s = Math.max(start, from);
    long e = Math.min(end, to);
    return e > s ? e - s : 0;
  }

  @Override
  public boolean wantsCallers() {
    return true;
  }

  @Override
  public void cpuInterval(int cpu, CpuMode mode, String fn, int task, long start, long end) {
    cpuInterval(cpu, mode, null, fn, task, start, end);
  }

  @Override
  public void cpuInterval(int cpu, CpuMode mode, String callers, String fn, int task, long start, long end) {
    long ps = clipped(start, end);
    if (ps == 0) {
      return;
    }
    onCpu.add(onCpuStack(mode, callers == null ? "" : callers, fn), ps);
  }

  private int onCpuStack(CpuMode mode, String callers, String fn) {
    if (mode == CpuMode.IDLE) {
      return idle;
    }
    Map<String, Integer> cache = byMode[mode.ordinal()].computeIfAbsent(callers, c -> new IdentityHashMap<>());
    String key = fn == null ? UNKNOWN : fn;
    Integer id = cache.get(key);
    if (id == null) {
      String f = callers.isEmpty() ? frame(key) : frames(callers) + ";" + frame(key);
      id = onCpu.intern(switch (mode) {
        case USER -> "user;" + f;
        case SPINNING -> "kernel;" + f + ";spin";
        case SWITCHING -> "kernel;schedule";
        default -> "kernel;" + f;
      });
      cache.put(key, id);
    }
    return id;
  }

  /** A path of frames, {@code a;b}, each made safe as {@link #frame} makes one. */
  private static String frames(String path) {
    StringBuilder sb = new StringBuilder();
    for (String f : path.split(";", -1)) {
      if (sb.length() > 0) {
        sb.append(';');
      }
      sb.append(frame(f));
    }
    return sb.toString();
  }

  private void ensure(int t) {
    if (t >= waitLock.length) {
      waitLock = Grow.ints(waitLock, t, -1);
      offStack = Grow.ints(offStack, t, -1);
      offSince = Grow.longs(offSince, t);
    }
  }

  @Override
  public void taskState(Task task, TaskState state, long at) {
    int t = task.id();
    ensure(t);
    closeOff(t, at);
    offStack[t] = switch (state) {
      case RUNNABLE -> runnable;
      case SLEEPING -> sleeping;
      case BLOCKED -> waitLock[t] >= 0 ? blockedOn[waitLock[t]] : blocked;
      case RUNNING, EXITED -> -1;
    };
    offSince[t] = at;
  }

  private void closeOff(int t, long at) {
    if (offStack[t] >= 0) {
      long ps = clipped(offSince[t], at);
      if (ps > 0) {
        offCpu.add(offStack[t], ps);
      }
      offStack[t] = -1;
    }
  }

  @Override
  public void contended(Lock lock, Task task, long now) {
    int l = index.of(lock);
    if (l >= 0) {
      ensure(task.id());
      waitLock[task.id()] = l;
    }
  }

  @Override
  public void acquired(Lock lock, Task task, long now) {
    int l = index.of(lock);
    if (l >= 0) {
      ensure(task.id());
      if (waitLock[task.id()] == l) {
        waitLock[task.id()] = -1;
      }
    }
  }

  @Override
  public void finished(long endPs) {
    for (int t = 0; t < offStack.length; t++) {
      closeOff(t, endPs);
    }
  }
}
