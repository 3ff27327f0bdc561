package org.locksim.run.record;

import java.util.ArrayList;
import java.util.List;
import org.locksim.lock.Lock;
import org.locksim.lock.LockObserver;
import org.locksim.run.RunContext;
import org.locksim.run.RunListener;
import org.locksim.sched.CpuMode;
import org.locksim.sched.KernelObserver;
import org.locksim.sched.Task;
import org.locksim.sched.TaskState;

/** Tells several run listeners, in order, everything a run reports. */
public final class Listeners implements RunListener {
  private final RunListener[] all;

  private Listeners(List<RunListener> all) {
    this.all = all.toArray(new RunListener[0]);
  }

  /**
   * One listener for all of {@code listeners}, skipping nulls; the listener itself when there is
   * only one, null when there is none.
   */
  public static RunListener of(RunListener... listeners) {
    List<RunListener> list = new ArrayList<>();
    for (RunListener l : listeners) {
      if (l != null) {
        list.add(l);
      }
    }
    return list.isEmpty() ? null : list.size() == 1 ? list.get(0) : new Listeners(list);
  }

  /**
   * A run listener that forwards the kernel's reports to {@code k} and the locks' to {@code l}
   * (either may be null) and ignores the start and the end; null when both are null.
   */
  public static RunListener adapt(KernelObserver k, LockObserver l) {
    if (k == null && l == null) {
      return null;
    }
    KernelObserver ko = k == null ? KernelObserver.NONE : k;
    LockObserver lo = l == null ? LockObserver.NONE : l;
    return new RunListener() {
      @Override
      public void cpuInterval(int cpu, CpuMode mode, String fn, int task, long from, long to) {
        ko.cpuInterval(cpu, mode, fn, task, from, to);
      }

      @Override
      public void cpuInterval(int cpu, CpuMode mode, String callers, String fn, int task, long from, long to) {
        ko.cpuInterval(cpu, mode, callers, fn, task, from, to);
      }

      @Override
      public void taskState(Task task, TaskState state, long at) {
        ko.taskState(task, state, at);
      }

      @Override
      public void wakeup(int waker, Task wakee, long at) {
        ko.wakeup(waker, wakee, at);
      }

      @Override
      public void migration(Task task, int from, int to, long at) {
        ko.migration(task, from, to, at);
      }

      @Override
      public void runQueue(int cpu, int length, long at) {
        ko.runQueue(cpu, length, at);
      }

      @Override
      public void acquired(Lock lock, Task task, long now) {
        lo.acquired(lock, task, now);
      }

      @Override
      public void released(Lock lock, Task task, long now, long heldPs) {
        lo.released(lock, task, now, heldPs);
      }

      @Override
      public void contended(Lock lock, Task task, long now) {
        lo.contended(lock, task, now);
      }
    };
  }

  @Override
  public void started(RunContext context) {
    for (RunListener l : all) {
      l.started(context);
    }
  }

  @Override
  public void finished(long endPs) {
    for (RunListener l : all) {
      l.finished(endPs);
    }
  }

  @Override
  public boolean wantsCallers() {
    for (RunListener l : all) {
      if (l.wantsCallers()) {
        return true;
      }
    }
    return false;
  }

  @Override
  public void cpuInterval(int cpu, CpuMode mode, String fn, int task, long from, long to) {
    for (RunListener l : all) {
      l.cpuInterval(cpu, mode, fn, task, from, to);
    }
  }

  @Override
  public void cpuInterval(int cpu, CpuMode mode, String callers, String fn, int task, long from, long to) {
    for (RunListener l : all) {
      l.cpuInterval(cpu, mode, callers, fn, task, from, to);
    }
  }

  @Override
  public void taskState(Task task, TaskState state, long at) {
    for (RunListener l : all) {
      l.taskState(task, state, at);
    }
  }

  @Override
  public void wakeup(int waker, Task wakee, long at) {
    for (RunListener l : all) {
      l.wakeup(waker, wakee, at);
    }
  }

  @Override
  public void migration(Task task, int from, int to, long at) {
    for (RunListener l : all) {
      l.migration(task, from, to, at);
    }
  }

  @Override
  public void runQueue(int cpu, int length, long at) {
    for (RunListener l : all) {
      l.runQueue(cpu, length, at);
    }
  }

  @Override
  public void acquired(Lock lock, Task task, long now) {
    for (RunListener l : all) {
      l.acquired(lock, task, now);
    }
  }

  @Override
  public void released(Lock lock, Task task, long now, long heldPs) {
    for (RunListener l : all) {
      l.released(lock, task, now, heldPs);
    }
  }

  @Override
  public void contended(Lock lock, Task task, long now) {
    for (RunListener l : all) {
      l.contended(lock, task, now);
    }
  }
}
