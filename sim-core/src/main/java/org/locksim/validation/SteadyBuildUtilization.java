package org.locksim.validation;

import org.locksim.run.RunListener;
import org.locksim.sched.CpuMode;
import org.locksim.sched.Task;
import org.locksim.sched.TaskState;

/**
 * CPUs utilized by a build while make still has jobs to start: busy CPU time from the start to
 * the moment the last job is forked, over that time. A simulated fraction of a build ends with
 * a tail in which fewer jobs than CPUs remain; a whole build has the same tail once, so in a
 * fraction it weighs as many times more as the fraction is small. This figure leaves it out.
 * Jobs are the tasks with ids {@code 0 .. jobs - 1}, created in order.
 */
final class SteadyBuildUtilization implements RunListener {
  private final int lastJob;
  /** Per CPU: the end of the last busy interval reported, for the clip below. */
  private final long[] busyTo;
  private long busyPs;
  private long lastStart = -1;

  SteadyBuildUtilization(int jobs, int cpus) {
    this.lastJob = jobs - 1;
    this.busyTo = new long[cpus];
  }

  @Override
  public void cpuInterval(int cpu, CpuMode mode, String fn, int task, long from, long to) {
    if (mode == CpuMode.IDLE) {
      return;
    }
    long end = lastStart < 0 ? to : Math.min(to, lastStart);
    if (end > from) {
      busyPs += end - from;
      busyTo[cpu] = end;
    }
  }

  @Override
  public void taskState(Task task, TaskState state, long at) {
    if (lastStart < 0 && task.id() == lastJob && state == TaskState.RUNNABLE) {
      lastStart = at;
      // An interval may be reported ending a little ahead of the present (a spin that starts
      // after its step's private costs): take back what lies past the last start.
      for (int c = 0; c < busyTo.length; c++) {
        if (busyTo[c] > at) {
          busyPs -= busyTo[c] - at;
        }
      }
    }
  }

  /** Busy CPUs, on average, until the last job started; NaN when it started at once. */
  double cpusUtilized() {
    if (lastStart <= 0) {
      return Double.NaN;
    }
    // Intervals still open at the last start are reported later and clipped then.
    return busyPs / (double) lastStart;
  }

  /** When the last job started, in picoseconds. */
  long lastStartPs() {
    return lastStart;
  }
}
