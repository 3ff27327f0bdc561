package org.locksim.ui.selection;

import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * The figures of one selection, lane by lane, as {@link IntervalStats} measured them.
 *
 * @param selection what was measured
 * @param cpus a row per selected CPU
 * @param locks a row per selected lock
 * @param tasks a row per selected task
 */
public record Figures(Selection selection, List<Cpu> cpus, List<Lock> locks, List<Task> tasks) {
  public Figures {
    cpus = List.copyOf(cpus);
    locks = List.copyOf(locks);
    tasks = List.copyOf(tasks);
  }

  /**
   * One CPU's time in the selection.
   *
   * @param cpu the CPU index
   * @param name its lane's name
   * @param psByState picoseconds per {@link org.locksim.trace.CpuState} ordinal, clipped to the selection
   */
  public record Cpu(int cpu, String name, long[] psByState) { }

  /**
   * One lock's traffic in the selection.
   *
   * @param lock the lock index
   * @param name its lane's name
   * @param acquisitions holds that began in the selection
   * @param contentions waits that began in the selection
   * @param holdPs lengths of those holds, picoseconds, whole even past the selection's end
   * @param waitPs lengths of those waits, picoseconds, whole even past the selection's end
   */
  public record Lock(int lock, String name, long acquisitions, long contentions, Histogram holdPs,
      Histogram waitPs) { }

  /**
   * One task's time in the selection.
   *
   * @param task the task index
   * @param name its lane's name
   * @param psByState picoseconds per {@link org.locksim.trace.TaskState} ordinal, clipped to the selection
   * @param migrations migrations that ended in the selection
   */
  public record Task(int task, String name, long[] psByState, int migrations) { }
}
