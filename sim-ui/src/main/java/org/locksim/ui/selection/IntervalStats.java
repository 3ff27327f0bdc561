package org.locksim.ui.selection;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.locksim.trace.Arrow;
import org.locksim.trace.ArrowKind;
import org.locksim.trace.CpuInterval;
import org.locksim.trace.CpuState;
import org.locksim.trace.LockHold;
import org.locksim.trace.RowKind;
import org.locksim.trace.TaskInterval;
import org.locksim.trace.TaskState;
import org.locksim.trace.TraceFile;
import org.locksim.trace.TraceVisitor;

/**
 * Measures a {@link Selection} of a trace in one pass over its records, as Perfetto's area
 * selection does for slices and as {@code lock_stat} counts for locks.
 *
 * <ul>
 *   <li>CPUs and tasks: the time each spent in each state, clipped to the selection.
 *   <li>Locks: an <em>acquisition</em> is a hold that began in the selection; a
 *       <em>contention</em> is a wait that began in it, where a wait is a task's unbroken run of
 *       {@link TaskState#SPINNING} and {@link TaskState#BLOCKED} intervals naming the lock
 *       (spinning then sleeping on an adaptive mutex is one wait). Hold and wait lengths go whole
 *       into HdrHistograms at three significant digits (within 0.1%), even when they end after
 *       the selection, so a percentile never describes a clipped fragment.
 *   <li>Migrations: {@link ArrowKind#MIGRATION} arrows whose arrival lies in the selection.
 * </ul>
 */
public final class IntervalStats implements TraceVisitor {
  private static final int DIGITS = 3;

  private final Selection sel;
  private final long[][] cpuPs;
  private final long[][] taskPs;
  private final int[] migrations;
  private final long[] acquisitions;
  private final long[] contentions;
  private final Histogram[] hold;
  private final Histogram[] wait;
  private final int[] waitLock;
  private final long[] waitStart;
  private final long[] waitEnd;

  private IntervalStats(Selection sel, int cpus, int tasks, int locks) {
    this.sel = sel;
    cpuPs = new long[cpus][CpuState.values().length];
    taskPs = new long[tasks][TaskState.values().length];
    migrations = new int[tasks];
    acquisitions = new long[locks];
    contentions = new long[locks];
    hold = new Histogram[locks];
    wait = new Histogram[locks];
    for (int l = 0; l < locks; l++) {
      hold[l] = new Histogram(DIGITS);
      wait[l] = new Histogram(DIGITS);
    }
    waitLock = new int[tasks];
    Arrays.fill(waitLock, -1);
    waitStart = new long[tasks];
    waitEnd = new long[tasks];
  }

  /** Measures {@code sel} in {@code trace}. */
  public static Figures measure(TraceFile trace, Selection sel) {
    IntervalStats s = new IntervalStats(sel, trace.cpuCount(), trace.taskCount(), trace.lockCount());
    trace.scan(s);
    for (int t = 0; t < s.waitLock.length; t++) {
      s.endWait(t);
    }
    return s.figures(trace);
  }

  @Override
  public void cpuInterval(CpuInterval i) {
    if (i.cpu() < cpuPs.length) {
      cpuPs[i.cpu()][i.state().ordinal()] += sel.overlapPs(i.startPs(), i.endPs());
    }
  }

  @Override
  public void taskInterval(TaskInterval i) {
    int t = i.task();
    if (t >= taskPs.length) {
      return;
    }
    taskPs[t][i.state().ordinal()] += sel.overlapPs(i.startPs(), i.endPs());
    boolean waiting = (i.state() == TaskState.SPINNING || i.state() == TaskState.BLOCKED)
        && i.lock() >= 0 && i.lock() < hold.length;
    if (waiting && waitLock[t] == i.lock() && waitEnd[t] == i.startPs()) {
      waitEnd[t] = i.endPs();
      return;
    }
    endWait(t);
    if (waiting) {
      waitLock[t] = i.lock();
      waitStart[t] = i.startPs();
      waitEnd[t] = i.endPs();
    }
  }

  @Override
  public void lockHold(LockHold h) {
    if (h.lock() < hold.length && sel.contains(h.startPs())) {
      acquisitions[h.lock()]++;
      hold[h.lock()].recordValue(h.endPs() - h.startPs());
    }
  }

  @Override
  public void arrow(Arrow a) {
    if (a.kind() == ArrowKind.MIGRATION && a.toTask() >= 0 && a.toTask() < migrations.length
        && sel.contains(a.toPs())) {
      migrations[a.toTask()]++;
    }
  }

  private void endWait(int t) {
    int l = waitLock[t];
    if (l >= 0 && sel.contains(waitStart[t])) {
      contentions[l]++;
      wait[l].recordValue(waitEnd[t] - waitStart[t]);
    }
    waitLock[t] = -1;
  }

  private Figures figures(TraceFile trace) {
    List<Figures.Cpu> cpus = new ArrayList<>();
    for (int c = 0; c < cpuPs.length; c++) {
      if (sel.has(RowKind.CPU, c)) {
        cpus.add(new Figures.Cpu(c, trace.cpuNames().get(c), cpuPs[c]));
      }
    }
    List<Figures.Lock> locks = new ArrayList<>();
    for (int l = 0; l < hold.length; l++) {
      if (sel.has(RowKind.LOCK, l)) {
        locks.add(new Figures.Lock(l, trace.lockNames().get(l), acquisitions[l], contentions[l],
            hold[l], wait[l]));
      }
    }
    List<Figures.Task> tasks = new ArrayList<>();
    for (int t = 0; t < taskPs.length; t++) {
      if (sel.has(RowKind.TASK, t)) {
        tasks.add(new Figures.Task(t, trace.taskNames().get(t), taskPs[t], migrations[t]));
      }
    }
    return new Figures(sel, cpus, locks, tasks);
  }
}
