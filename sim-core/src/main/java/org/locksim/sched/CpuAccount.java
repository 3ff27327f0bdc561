package org.locksim.sched;

/**
 * Time each CPU spent in each {@link CpuMode}, closed interval by interval as modes change.
 */
public final class CpuAccount {
  private final CpuMode[] mode;
  private final long[] since;
  private final long[][] totals;
  private final KernelObserver listener;
  private final int[] task;
  private final java.util.Map<String, long[]> spinByFunction = new java.util.HashMap<>();
  private final String[] function;
  private final String[] callers;
  /** Per CPU: the spinning total of the function it last spun in, and that function. */
  private final long[][] spinCell;
  private final String[] spinCellOf;

  CpuAccount(int cpus, KernelObserver listener) {
    task = new int[cpus];
    mode = new CpuMode[cpus];
    since = new long[cpus];
    totals = new long[cpus][CpuMode.values().length];
    function = new String[cpus];
    callers = new String[cpus];
    spinCell = new long[cpus][];
    spinCellOf = new String[cpus];
    java.util.Arrays.fill(mode, CpuMode.IDLE);
    // Idle with no task until a task runs there (observers read -1 as none).
    java.util.Arrays.fill(task, -1);
    this.listener = listener;
  }

  /**
   * Switches {@code cpu} to {@code m} in {@code fn} (called through {@code path}, or null) at
   * {@code now}, closing the interval before.
   */
  void set(int cpu, CpuMode m, String path, String fn, int t, long now) {
    if (mode[cpu] == m && function[cpu] == fn && task[cpu] == t && callers[cpu] == path) {
      return;
    }
    close(cpu, now);
    mode[cpu] = m;
    function[cpu] = fn;
    callers[cpu] = path;
    task[cpu] = t;
  }

  /** Ends {@code cpu}'s current interval at {@code now} and starts one like it. */
  void split(int cpu, long now) {
    close(cpu, now);
  }

  private void close(int cpu, long now) {
    long d = now - since[cpu];
    if (d < 0) {
      throw new IllegalStateException("CPU " + cpu + ": time accounted out of order, at " + now
          + " ps after an interval that began at " + since[cpu] + " ps");
    }
    if (d > 0) {
      totals[cpu][mode[cpu].ordinal()] += d;
      if (mode[cpu] == CpuMode.SPINNING) {
        String fn = function[cpu] == null ? "?" : function[cpu];
        if (spinCellOf[cpu] != fn) {
          spinCell[cpu] = spinByFunction.computeIfAbsent(fn, f -> new long[1]);
          spinCellOf[cpu] = fn;
        }
        spinCell[cpu][0] += d;
      }
      listener.cpuInterval(cpu, mode[cpu], callers[cpu], function[cpu], task[cpu], since[cpu], now);
    }
    since[cpu] = now;
  }

  /** Closes every open interval at {@code now}. */
  void flush(long now) {
    for (int c = 0; c < mode.length; c++) {
      close(c, now);
    }
  }

  /** Spinning picoseconds by kernel function, sorted by name. */
  java.util.Map<String, Long> spinByFunction() {
    java.util.Map<String, Long> out = new java.util.TreeMap<>();
    spinByFunction.forEach((k, v) -> out.put(k, v[0]));
    return out;
  }

  /** Picoseconds {@code cpu} has spent in {@code m} up to the last change or flush. */
  public long ps(int cpu, CpuMode m) {
    return totals[cpu][m.ordinal()];
  }

  /** Picoseconds all CPUs spent in {@code m}. */
  public long total(CpuMode m) {
    long s = 0;
    for (long[] t : totals) {
      s += t[m.ordinal()];
    }
    return s;
  }

  public int cpus() {
    return mode.length;
  }
}
