package org.locksim.run.record;

import java.util.List;
import org.locksim.lock.Lock;
import org.locksim.metrics.LockStats;
import org.locksim.run.RunContext;
import org.locksim.run.RunListener;
import org.locksim.sched.CpuMode;
import org.locksim.sched.Routine;
import org.locksim.sched.Task;
import org.locksim.sched.TaskState;

/**
 * Feeds each lock's {@link LockStats} from what the locks and the kernel report, without any
 * help from the lock algorithms beyond {@code contended}/{@code acquired}/{@code released}:
 *
 * <ul>
 *   <li>wait time: from a task's first contention on a lock to its acquisition of it;</li>
 *   <li>spun: the acquiring task's CPU was SPINNING between that contention and the
 *       acquisition; slept: the task was BLOCKED in between (an adaptive lock may do both);</li>
 *   <li>spin time: every SPINNING interval of a task while it waits for a lock is charged to
 *       that lock (an interval the kernel closes only after the acquisition is still charged,
 *       to the lock the task last acquired, but can no longer mark the acquisition as spun).
 *       Spinning while the task waits for no lock (a turnstile's interlock spin before the
 *       lock reports its contention) is charged to the next lock the task contends, acquires
 *       or releases, since the spin happens inside that lock's routine; what is left at the end
 *       goes to the last lock the task used. So the locks' spin times add up to the CPUs'
 *       SPINNING time;</li>
 *   <li>bounces, as lockdep derives them from the CPU that last took the lock: an acquisition is
 *       an acq-bounce when the previous acquisition of that lock was on another CPU, a
 *       contention a con-bounce when the lock was last taken on another CPU than the
 *       contender's;</li>
 *   <li>read and write sides: each figure goes to the side the lock names
 *       ({@link Lock#readSide}) as well as to the totals;</li>
 *   <li>hand-offs: an acquisition that waited, counted by whether the CPU that last took the
 *       lock is on the acquirer's socket or on another.</li>
 * </ul>
 *
 * Cache-line transfers of the lock word are added by the simulator at the end of the run.
 * Allocates nothing per event (per-task arrays grow when a new task appears).
 */
public final class LockStatRecorder implements RunListener {
  private final List<LockStats> stats;
  private LockStats[] byRow;
  private LockIndex index;
  private long measureFrom;
  private int[] lastAcqCpu;
  private org.locksim.machine.Machine machine;
  private List<java.util.IdentityHashMap<Routine, int[]>> sites;

  private int[] waitLock = new int[0];
  private long[] waitSince = new long[0];
  private boolean[] spun = new boolean[0];
  private boolean[] slept = new boolean[0];
  private int[] lastLock = new int[0];
  private long[] lastAcqAt = new long[0];
  private long[] pendingSpin = new long[0];

  /** @param stats one {@link LockStats} per lock, in the order of the run's locks */
  public LockStatRecorder(List<LockStats> stats) {
    this.stats = List.copyOf(stats);
  }

  @Override
  public void started(RunContext context) {
    if (context.locks().size() != stats.size()) {
      throw new IllegalArgumentException(stats.size() + " lock statistics for " + context.locks().size() + " locks");
    }
    index = new LockIndex(context.locks());
    byRow = stats.toArray(new LockStats[0]);
    lastAcqCpu = new int[byRow.length];
    sites = new java.util.ArrayList<>();
    for (int i = 0; i < byRow.length; i++) {
      sites.add(new java.util.IdentityHashMap<>());
    }
    java.util.Arrays.fill(lastAcqCpu, -1);
    measureFrom = context.measureFromPs();
    machine = context.machine();
  }

  private void ensure(int t) {
    if (t >= waitLock.length) {
      waitLock = Grow.ints(waitLock, t, -1);
      lastLock = Grow.ints(lastLock, t, -1);
      waitSince = Grow.longs(waitSince, t);
      lastAcqAt = Grow.longs(lastAcqAt, t);
      pendingSpin = Grow.longs(pendingSpin, t);
      spun = Grow.bools(spun, t);
      slept = Grow.bools(slept, t);
    }
  }

  @Override
  public void cpuInterval(int cpu, CpuMode mode, String fn, int task, long from, long to) {
    if (mode != CpuMode.SPINNING || task < 0) {
      return;
    }
    ensure(task);
    int l = waitLock[task];
    if (l >= 0) {
      spun[task] = true;
    } else if (lastLock[task] >= 0 && from < lastAcqAt[task]) {
      l = lastLock[task];
    }
    long start = Math.max(from, measureFrom);
    if (to <= start) {
      return;
    }
    if (l >= 0) {
      byRow[l].spinTime(to - start);
    } else {
      pendingSpin[task] += to - start;
    }
  }

  /** Charges spin time that waited for a lock to be named to {@code l}. */
  private void chargePending(int t, int l) {
    if (pendingSpin[t] > 0) {
      byRow[l].spinTime(pendingSpin[t]);
      pendingSpin[t] = 0;
    }
  }

  @Override
  public void finished(long endPs) {
    for (int t = 0; t < pendingSpin.length; t++) {
      if (pendingSpin[t] > 0 && lastLock[t] >= 0) {
        chargePending(t, lastLock[t]);
      }
    }
  }

  @Override
  public void taskState(Task task, TaskState state, long at) {
    if (state == TaskState.BLOCKED) {
      ensure(task.id());
      if (waitLock[task.id()] >= 0) {
        slept[task.id()] = true;
      }
    }
  }

  /**
   * The contention point: the calling routine's function and resume offset, as lock_stat
   * names a call site ({@code find+0x10}); interned once per site and lock.
   */
  private int point(int lock, Task task) {
    Routine caller = task.caller();
    if (caller == null) {
      return LockStats.NO_POINT;
    }
    int pc = task.callerPc();
    int[] byPc = sites.get(lock).computeIfAbsent(caller, r -> new int[8]);
    if (pc >= byPc.length) {
      byPc = java.util.Arrays.copyOf(byPc, Math.max(pc + 1, byPc.length * 2));
      sites.get(lock).put(caller, byPc);
    }
    if (byPc[pc] == 0) {
      byPc[pc] = 1 + byRow[lock].point(caller.function() + "+0x" + Integer.toHexString(pc * 4));
    }
    return byPc[pc] - 1;
  }

  @Override
  public void contended(Lock lock, Task task, long now) {
    int l = index.of(lock);
    if (l < 0) {
      return;
    }
    int t = task.id();
    ensure(t);
    chargePending(t, l);
    if (waitLock[t] == l) {
      return;
    }
    waitLock[t] = l;
    waitSince[t] = now;
    spun[t] = false;
    slept[t] = false;
    int last = lastAcqCpu[l];
    byRow[l].contended(point(l, task), LockStats.NO_POINT, last >= 0 && task.cpu() >= 0 && last != task.cpu(),
        lock.readSide(task));
  }

  @Override
  public void acquired(Lock lock, Task task, long now) {
    int l = index.of(lock);
    if (l < 0) {
      return;
    }
    int t = task.id();
    ensure(t);
    chargePending(t, l);
    boolean waited = waitLock[t] == l;
    int cpu = task.cpu();
    int last = lastAcqCpu[l];
    byRow[l].acquired(waited ? now - waitSince[t] : 0, last >= 0 && cpu >= 0 && last != cpu,
        waited && spun[t], waited && slept[t], lock.readSide(task));
    if (waited) {
      waitLock[t] = -1;
      if (last >= 0 && cpu >= 0) {
        byRow[l].handOff(socket(last) == socket(cpu), core(last) == core(cpu));
      }
    }
    lastAcqCpu[l] = cpu;
    lastLock[t] = l;
    lastAcqAt[t] = now;
  }

  private int socket(int cpu) {
    return machine.cpu(cpu).slot().socket();
  }

  /** {@code cpu}'s core, numbered across the machine. */
  private int core(int cpu) {
    return machine.cpu(cpu).slot().core();
  }

  @Override
  public void released(Lock lock, Task task, long now, long heldPs) {
    int l = index.of(lock);
    if (l >= 0) {
      ensure(task.id());
      chargePending(task.id(), l);
      byRow[l].released(heldPs, lock.readSide(task));
    }
  }
}
