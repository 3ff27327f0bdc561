package org.locksim.workload;

import java.util.List;
import java.util.Map;
import org.locksim.lock.Lock;
import org.locksim.random.RandomStreams;
import org.locksim.sched.Kernel;

/**
 * A workload whose tasks have a working set other than the kernel's default
 * ({@link Kernel#DEFAULT_WORKING_SET_LINES}): the scenario's {@code workingSetLines}. A task
 * that moves CPU refetches that many lines from the cache it left.
 *
 * @param inner the workload
 * @param lines its tasks' working set, in cache lines
 */
public record WorkingSet(Workload inner, int lines) implements Workload {
  @Override
  public void start(Kernel kernel, Map<String, Lock> locks, RandomStreams random) {
    kernel.setWorkingSetLines(lines);
    inner.start(kernel, locks, random);
  }

  @Override
  public String opName() {
    return inner.opName();
  }

  @Override
  public boolean finite() {
    return inner.finite();
  }

  @Override
  public List<TaskGroup> taskGroups() {
    return inner.taskGroups();
  }
}
