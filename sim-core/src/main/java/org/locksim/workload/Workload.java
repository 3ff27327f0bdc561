package org.locksim.workload;

import java.util.List;
import java.util.Map;
import org.locksim.lock.Lock;
import org.locksim.random.RandomStreams;
import org.locksim.sched.Kernel;

/** Creates and starts the tasks of one run. */
public interface Workload {
  /**
   * Creates the workload's tasks on {@code kernel} and starts them.
   *
   * @param locks the scenario's locks by name
   * @param random the run's random streams
   */
  void start(Kernel kernel, Map<String, Lock> locks, RandomStreams random);

  /** What one operation of this workload is, for the ops/s line ({@code "lock+unlock pair"}). */
  String opName();

  /**
   * Whether the workload ends by itself (every task exits); such a run's measured window ends
   * when the last task exits, and its elapsed time is the figure.
   */
  default boolean finite() {
    return false;
  }

  /**
   * Groups of tasks whose acquisitions are counted per task over the measurement window, for a
   * fairness summary such as locktorture's; none by default.
   */
  default List<TaskGroup> taskGroups() {
    return List.of();
  }
}
