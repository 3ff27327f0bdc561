package org.locksim.ui.replay;

import java.util.List;
import org.locksim.trace.Arrow;
import org.locksim.trace.CpuInterval;
import org.locksim.trace.Picos;
import org.locksim.trace.TaskInterval;
import org.locksim.trace.TaskState;
import org.locksim.trace.TraceFile;

/**
 * Says in one sentence what an arrow of the trace did, for the status line of the replay:
 * <ul>
 *   <li>hand-off: {@code 12.3 us: CPU 3 (worker7) hands m to worker41 on CPU 9 after 2.1 us of
 *       spinning};
 *   <li>wakeup: {@code 12.3 us: CPU 3 (worker7) wakes worker41, blocked 8.2 us on m; it runs on
 *       CPU 9 1.4 us later};
 *   <li>migration: {@code 12.3 us: worker41 moves from CPU 2 to CPU 9}.
 * </ul>
 * The CPU of a task is the CPU whose lane shows it at that instant; the wait is the task's
 * unbroken run of spinning and blocked intervals on the lock that ends by the arrow's arrival.
 */
public final class Narrator {
  private static final long FIRST_LOOKBACK_PS = 10_000_000L;
  private static final int LOOKBACK_DOUBLINGS = 12;

  private final TraceFile trace;

  public Narrator(TraceFile trace) {
    this.trace = trace;
  }

  /** Returns the sentence for {@code a}. */
  public String narrate(Arrow a) {
    String at = Picos.format(a.fromPs()) + ": ";
    return at + switch (a.kind()) {
      case HANDOFF -> where(a.fromTask(), a.fromPs()) + " hands " + lock(a.lock()) + " to "
          + task(a.toTask()) + " on " + cpuOf(a.toTask(), a.toPs()) + afterWait(a);
      case WAKEUP -> where(a.fromTask(), a.fromPs()) + " wakes " + task(a.toTask())
          + waitedOn(a) + "; it runs on " + cpuOf(a.toTask(), a.toPs()) + " "
          + Picos.format(a.toPs() - a.fromPs()) + " later";
      case MIGRATION -> task(a.toTask()) + " moves from " + cpuOf(a.fromTask(), a.fromPs() - 1)
          + " to " + cpuOf(a.toTask(), a.toPs());
    };
  }

  /**
   * Returns the CPU showing {@code task} at {@code ps}, or just before it (a task that releases
   * a lock and leaves its CPU at one instant), by its lane name up to the first " (".
   */
  public String cpuOf(int task, long ps) {
    if (task < 0) {
      return "no CPU";
    }
    for (long at : new long[] {ps, ps - 1}) {
      for (int c = 0; c < trace.cpuCount(); c++) {
        for (CpuInterval i : trace.cpuIntervals(c, at, at + 1)) {
          if (i.task() == task) {
            return shortName(trace.cpuNames().get(c));
          }
        }
      }
    }
    return "no CPU";
  }

  private String where(int task, long ps) {
    return task < 0 ? "an interrupt" : cpuOf(task, ps) + " (" + task(task) + ")";
  }

  /** A task's wait on a lock: its length and what it mostly did (spinning or blocked). */
  private record Wait(long ps, String how) { }

  /** Finds the wait of {@code a}'s arrival on its lock that ended by the arrival, or null. */
  private Wait waitOf(Arrow a) {
    if (a.toTask() < 0 || a.lock() < 0) {
      return null;
    }
    long back = FIRST_LOOKBACK_PS;
    for (int d = 0; d < LOOKBACK_DOUBLINGS; d++, back *= 2) {
      long from = Math.max(trace.startPs(), a.toPs() - back);
      long start = -1;
      long end = -1;
      long spinPs = 0;
      long blockedPs = 0;
      for (TaskInterval i : trace.taskIntervals(a.toTask(), from, a.toPs() + 1)) {
        boolean waiting = i.lock() == a.lock()
            && (i.state() == TaskState.SPINNING || i.state() == TaskState.BLOCKED);
        if (!waiting || i.startPs() > a.toPs()) {
          continue;
        }
        if (i.startPs() != end) {
          start = i.startPs();
          spinPs = 0;
          blockedPs = 0;
        }
        end = i.endPs();
        if (i.state() == TaskState.SPINNING) {
          spinPs += i.endPs() - i.startPs();
        } else {
          blockedPs += i.endPs() - i.startPs();
        }
      }
      if (start < 0) {
        return null;
      }
      if (start > from || from == trace.startPs()) {
        return new Wait(end - start, spinPs >= blockedPs ? "spinning" : "blocked");
      }
    }
    return null;
  }

  private String afterWait(Arrow a) {
    Wait w = waitOf(a);
    return w == null ? "" : " after " + Picos.format(w.ps()) + " of " + w.how();
  }

  private String waitedOn(Arrow a) {
    Wait w = waitOf(a);
    return w == null ? "" : ", " + w.how() + " " + Picos.format(w.ps()) + " on " + lock(a.lock());
  }

  private String task(int t) {
    List<String> names = trace.taskNames();
    return t < 0 ? "nobody" : t < names.size() ? names.get(t) : "task " + t;
  }

  private String lock(int l) {
    List<String> names = trace.lockNames();
    return l < 0 ? "a lock" : l < names.size() ? names.get(l) : "lock " + l;
  }

  static String shortName(String cpuName) {
    int cut = cpuName.indexOf(" (");
    return cut < 0 ? cpuName : cpuName.substring(0, cut);
  }
}
