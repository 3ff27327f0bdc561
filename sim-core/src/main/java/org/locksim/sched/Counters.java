package org.locksim.sched;

/**
 * What a run counts: CPU time by mode, instructions and branches, context switches, migrations and the
 * workload's completed operations. Snapshots ({@link #snapshot}) let a run exclude its warm-up.
 */
public final class Counters {
  final CpuAccount account;
  final long[] instructions;
  long contextSwitches;
  long involuntarySwitches;
  long migrations;
  long wakeups;
  long ops;
  long pageFaults;
  long branches;

  Counters(int cpus, KernelObserver listener) {
    this.account = new CpuAccount(cpus, listener);
    this.instructions = new long[cpus];
  }

  /**
   * {@code cpu} is in {@code mode} from {@code now}, running {@code task} in {@code fn}, called
   * through {@code callers} (null when the kernel does not track them, or none apply).
   */
  void account(int cpu, CpuMode mode, String callers, String fn, int task, long now) {
    account.set(cpu, mode, callers, fn, task, now);
  }

  void split(int cpu, long now) {
    account.split(cpu, now);
  }

  public CpuAccount cpuTime() {
    return account;
  }

  /** Closes open time intervals at {@code now} and copies every counter. */
  public Snapshot snapshot(long now) {
    account.flush(now);
    int n = account.cpus();
    long[][] ps = new long[n][CpuMode.values().length];
    long instr = 0;
    for (int c = 0; c < n; c++) {
      for (CpuMode m : CpuMode.values()) {
        ps[c][m.ordinal()] = account.ps(c, m);
      }
      instr += instructions[c];
    }
    return new Snapshot(now, ps, instructions.clone(), instr, contextSwitches, involuntarySwitches,
        migrations, wakeups, ops, pageFaults, account.spinByFunction(), branches);
  }

  /**
   * Counter values at one time.
   *
   * @param timePs when
   * @param cpuModePs picoseconds by CPU and {@link CpuMode} ordinal
   * @param cpuInstructions instructions retired by CPU
   * @param instructions instructions retired in all
   * @param contextSwitches task switches
   * @param involuntarySwitches of which preemptions
   * @param migrations task moves between CPUs
   * @param wakeups tasks woken
   * @param ops workload operations completed
   * @param pageFaults page faults taken
   * @param spinPsByFunction spinning time by kernel function
   * @param branches branch instructions retired (calls, returns, jumps)
   */
  public record Snapshot(
      long timePs,
      long[][] cpuModePs,
      long[] cpuInstructions,
      long instructions,
      long contextSwitches,
      long involuntarySwitches,
      long migrations,
      long wakeups,
      long ops,
      long pageFaults,
      java.util.Map<String, Long> spinPsByFunction,
      long branches) {

    /** Picoseconds all CPUs spent in {@code m}. */
    public long total(CpuMode m) {
      long s = 0;
      for (long[] c : cpuModePs) {
        s += c[m.ordinal()];
      }
      return s;
    }

    /** Picoseconds {@code cpu} spent off idle. */
    public long busy(int cpu) {
      long[] c = cpuModePs[cpu];
      return c[CpuMode.USER.ordinal()] + c[CpuMode.SYSTEM.ordinal()]
          + c[CpuMode.SPINNING.ordinal()] + c[CpuMode.SWITCHING.ordinal()];
    }

    /** The counts from {@code earlier} to this snapshot. */
    public Snapshot minus(Snapshot earlier) {
      int n = cpuModePs.length;
      long[][] ps = new long[n][];
      long[] ci = new long[n];
      for (int c = 0; c < n; c++) {
        ps[c] = new long[cpuModePs[c].length];
        for (int m = 0; m < ps[c].length; m++) {
          ps[c][m] = cpuModePs[c][m] - earlier.cpuModePs[c][m];
        }
        ci[c] = cpuInstructions[c] - earlier.cpuInstructions[c];
      }
      return new Snapshot(timePs - earlier.timePs, ps, ci, instructions - earlier.instructions,
          contextSwitches - earlier.contextSwitches,
          involuntarySwitches - earlier.involuntarySwitches, migrations - earlier.migrations,
          wakeups - earlier.wakeups, ops - earlier.ops, pageFaults - earlier.pageFaults,
          minus(spinPsByFunction, earlier.spinPsByFunction), branches - earlier.branches);
    }

    private static java.util.Map<String, Long> minus(java.util.Map<String, Long> a,
        java.util.Map<String, Long> b) {
      java.util.Map<String, Long> out = new java.util.TreeMap<>();
      a.forEach((k, v) -> {
        long d = v - b.getOrDefault(k, 0L);
        if (d != 0) {
          out.put(k, d);
        }
      });
      return out;
    }
  }
}
