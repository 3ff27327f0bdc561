package org.locksim.workload;

/**
 * Tasks of a workload whose acquisitions of one lock are counted one by one, so that a run can
 * print how evenly they got the lock: locktorture's writers or readers. The workload names the
 * group's tasks {@code prefix + i} for {@code i} in {@code 0 .. count - 1}.
 *
 * @param title the summary line's name ({@code "Writes"}, {@code "Reads"})
 * @param lock the lock whose acquisitions are counted
 * @param prefix the tasks' names without their index
 * @param count how many tasks the group has
 */
public record TaskGroup(String title, String lock, String prefix, int count) {
  public TaskGroup {
    if (count < 1) {
      throw new IllegalArgumentException("a task group needs at least one task");
    }
  }

  /** The index of the task called {@code name} in this group, or -1. */
  public int indexOf(String name) {
    if (!name.startsWith(prefix)) {
      return -1;
    }
    String rest = name.substring(prefix.length());
    if (rest.isEmpty() || rest.length() > 9 || !rest.chars().allMatch(Character::isDigit)) {
      return -1;
    }
    int i = Integer.parseInt(rest);
    return i < count && String.valueOf(i).equals(rest) ? i : -1;
  }
}
