package org.locksim.ui.replay;

import java.util.ArrayList;
import java.util.List;
import org.locksim.trace.LockHold;
import org.locksim.trace.TaskInterval;
import org.locksim.trace.TaskState;
import org.locksim.trace.TraceFile;

/**
 * Who holds a lock, who spins on it and who sleeps on it at one instant, read exactly from the
 * trace: what the replay shows beside its narration ({@code i_mutex held by worker8; spinning:
 * worker1, worker14; blocked: none}).
 */
public final class LockScene {
  /** At most this many names are listed per group; the rest are counted. */
  private static final int NAMES = 4;

  private final TraceFile trace;

  public LockScene(TraceFile trace) {
    this.trace = trace;
  }

  /** Describes lock {@code lock} at {@code ps}. */
  public String at(int lock, long ps) {
    String name = trace.lockNames().get(lock);
    List<LockHold> holds = trace.lockHolds(lock, ps, ps + 1);
    String holder = holds.isEmpty() ? "free" : "held by "
        + trace.taskNames().get(holds.get(holds.size() - 1).ownerTask());
    List<String> spinning = new ArrayList<>();
    List<String> blocked = new ArrayList<>();
    for (int t = 0; t < trace.taskCount(); t++) {
      List<TaskInterval> in = trace.taskIntervals(t, ps, ps + 1);
      if (in.isEmpty()) {
        continue;
      }
      TaskInterval i = in.get(in.size() - 1);
      if (i.lock() == lock && i.state() == TaskState.SPINNING) {
        spinning.add(trace.taskNames().get(t));
      } else if (i.lock() == lock && i.state() == TaskState.BLOCKED) {
        blocked.add(trace.taskNames().get(t));
      }
    }
    return name + " " + holder + "; spinning: " + list(spinning) + "; blocked: " + list(blocked);
  }

  private static String list(List<String> names) {
    if (names.isEmpty()) {
      return "none";
    }
    if (names.size() <= NAMES) {
      return String.join(", ", names);
    }
    return String.join(", ", names.subList(0, NAMES)) + " and " + (names.size() - NAMES) + " more";
  }
}
