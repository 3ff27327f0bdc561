package org.locksim.run.record;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.locksim.lock.Lock;
import org.locksim.run.RunListener;
import org.locksim.run.TaskCounts;
import org.locksim.sched.Task;
import org.locksim.workload.TaskGroup;

/**
 * Counts each group task's acquisitions of its group's lock, as locktorture's threads count
 * theirs, and the acquisitions that found the lock still held ({@code n_lock_fail}). Tasks are
 * matched to groups by name once, when first seen; nothing is allocated per event after that.
 */
public final class TaskGroupRecorder implements RunListener {
  private static final int UNKNOWN = -2;
  private static final int NONE = -1;
  private final List<TaskGroup> groups;
  private final long[][] counts;
  private final long[] fails;
  /** Per task id: its group, or NONE, or UNKNOWN before it is first seen. */
  private int[] groupOf = new int[0];
  private int[] indexOf = new int[0];
  /** Holders of each group's lock right now, as the lock reports them, kept by the first group of that lock. */
  private final int[] holders;
  /** Readers holding each group's lock right now, kept likewise. */
  private final int[] readHolders;
  /** Per group: the first group on the same lock. */
  private final int[] lockSlot;

  public TaskGroupRecorder(List<TaskGroup> groups) {
    this.groups = List.copyOf(groups);
    this.counts = new long[groups.size()][];
    for (int g = 0; g < counts.length; g++) {
      counts[g] = new long[groups.get(g).count()];
    }
    this.fails = new long[groups.size()];
    this.holders = new int[groups.size()];
    this.readHolders = new int[groups.size()];
    this.lockSlot = new int[groups.size()];
    for (int g = 0; g < lockSlot.length; g++) {
      lockSlot[g] = g;
      for (int h = 0; h < g; h++) {
        if (groups.get(h).lock().equals(groups.get(g).lock())) {
          lockSlot[g] = h;
          break;
        }
      }
    }
  }

  /** Forgets what was counted so far (the end of the warm-up); holders stay as they are. */
  public void reset() {
    for (long[] c : counts) {
      Arrays.fill(c, 0);
    }
    Arrays.fill(fails, 0);
  }

  @Override
  public void acquired(Lock lock, Task task, long now) {
    int g = group(task);
    if (g < 0 || !groups.get(g).lock().equals(lock.name())) {
      return;
    }
    boolean read = lock.readSide(task);
    // locktorture's checks: a writer finds lock_is_write_held or lock_is_read_held set, a
    // reader finds lock_is_write_held set.
    if (lock.exclusive() && (holders[lockSlot[g]] > 0 || (!read && readHolders[lockSlot[g]] > 0))) {
      fails[g]++;
    }
    if (read) {
      readHolders[lockSlot[g]]++;
    } else {
      holders[lockSlot[g]]++;
    }
    counts[g][indexOf[task.id()]]++;
  }

  @Override
  public void released(Lock lock, Task task, long now, long heldPs) {
    int g = group(task);
    if (g < 0 || !groups.get(g).lock().equals(lock.name())) {
      return;
    }
    int[] side = lock.readSide(task) ? readHolders : holders;
    if (side[lockSlot[g]] > 0) {
      side[lockSlot[g]]--;
    }
  }

  /** What was counted since the last reset, one entry per group. */
  public List<TaskCounts> counts() {
    List<TaskCounts> out = new ArrayList<>();
    for (int g = 0; g < counts.length; g++) {
      out.add(new TaskCounts(groups.get(g).title(), counts[g], fails[g]));
    }
    return out;
  }

  private int group(Task t) {
    int id = t.id();
    if (id >= groupOf.length) {
      int old = groupOf.length;
      groupOf = Arrays.copyOf(groupOf, Math.max(id + 1, 2 * old));
      indexOf = Arrays.copyOf(indexOf, groupOf.length);
      Arrays.fill(groupOf, old, groupOf.length, UNKNOWN);
    }
    if (groupOf[id] == UNKNOWN) {
      groupOf[id] = NONE;
      for (int g = 0; g < groups.size(); g++) {
        int i = groups.get(g).indexOf(t.name());
        if (i >= 0) {
          groupOf[id] = g;
          indexOf[id] = i;
          break;
        }
      }
    }
    return groupOf[id];
  }
}
