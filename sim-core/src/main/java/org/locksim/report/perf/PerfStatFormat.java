package org.locksim.report.perf;

import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import org.locksim.run.RunResult;
import org.locksim.sched.CpuMode;

/**
 * Prints the results of one scenario's repeats in the layout of {@code perf stat}: task-clock
 * with CPUs utilized, context switches, CPU migrations, cycles with the clock rate,
 * instructions with instructions per cycle, branches with their rate, elapsed time, and with
 * repeats the
 * {@code ( +- x% )} spread; then the workload's throughput and the time split, and for a
 * workload with task groups (locktorture) the first run's per-task summary lines.
 */
public final class PerfStatFormat {
  private PerfStatFormat() { }

  public static String format(List<RunResult> runs) {
    RunResult first = runs.get(0);
    int n = runs.size();
    boolean many = n > 1;
    int w = nameWidth(first);
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT, "%n Performance counter stats for '%s'%s:%n%n",
        first.label(), many ? " (" + n + " runs)" : ""));
    Spread elapsed = spread(runs, RunResult::elapsedSeconds);
    Spread task = spread(runs, RunResult::taskClockMs);
    Spread cs = spread(runs, r -> r.counters().contextSwitches());
    Spread mig = spread(runs, r -> r.counters().migrations());
    Spread cycles = spread(runs, RunResult::cycles);
    Spread instr = spread(runs, r -> r.instructions());
    double secs = elapsed.mean();
    line(sb, w, String.format(Locale.ROOT, "%,.2f msec", task.mean()), "task-clock",
        String.format(Locale.ROOT, "%8.3f CPUs utilized", task.mean() / 1000 / secs), task, many);
    line(sb, w, String.format(Locale.ROOT, "%,.0f     ", cs.mean()), "context-switches",
        String.format(Locale.ROOT, "%8.3f K/sec", cs.mean() / task.mean()), cs, many);
    line(sb, w, String.format(Locale.ROOT, "%,.0f     ", mig.mean()), "cpu-migrations",
        String.format(Locale.ROOT, "%8.3f K/sec", mig.mean() / task.mean()), mig, many);
    if (runs.stream().anyMatch(r -> r.pageFaults() > 0)) {
      Spread pf = spread(runs, r -> r.pageFaults());
      line(sb, w, String.format(Locale.ROOT, "%,.0f     ", pf.mean()), "page-faults",
          String.format(Locale.ROOT, "%8.3f K/sec", pf.mean() / task.mean()), pf, many);
    }
    line(sb, w, String.format(Locale.ROOT, "%,.0f     ", cycles.mean()), "cycles",
        String.format(Locale.ROOT, "%8.3f GHz", cycles.mean() / task.mean() / 1e6), cycles, many);
    line(sb, w, String.format(Locale.ROOT, "%,.0f     ", instr.mean()), "instructions",
        String.format(Locale.ROOT, "%8.2f  insn per cycle", instr.mean() / cycles.mean()), instr, many);
    if (runs.stream().anyMatch(r -> r.branches() > 0)) {
      // perf's rate: per second of task-clock.
      Spread br = spread(runs, r -> r.branches());
      line(sb, w, String.format(Locale.ROOT, "%,.0f     ", br.mean()), "branches",
          String.format(Locale.ROOT, "%8.3f M/sec", br.mean() / task.mean() / 1e3), br, many);
    }
    sb.append('\n');
    String elapsedLine = String.format(Locale.ROOT, "%17.9f seconds time elapsed", secs);
    if (many) {
      // The spread lines up with the other lines' spreads.
      elapsedLine = String.format(Locale.ROOT, "%-" + (64 + w) + "s( +- %5.2f%% )", elapsedLine, elapsed.relPct());
    }
    sb.append(elapsedLine);
    sb.append("\n\n");
    Spread ops = spread(runs, RunResult::opsPerSecond);
    if (first.ops() > 0) {
      line(sb, w, String.format(Locale.ROOT, "%,.1f     ", ops.mean()), "ops/s",
          "  " + first.opName(), ops, many);
      Spread cpo = spread(runs, RunResult::cyclesPerOp);
      line(sb, w, String.format(Locale.ROOT, "%,.1f     ", cpo.mean()), "cycles/op", "", cpo, many);
    }
    Spread user = spread(runs, r -> r.ms(CpuMode.USER));
    // time(1)'s sys is all kernel time: spinning included, and so is its spread.
    Spread sys = spread(runs, RunResult::sysMs);
    Spread spin = spread(runs, r -> r.ms(CpuMode.SPINNING));
    double kernel = sys.mean();
    line(sb, w, String.format(Locale.ROOT, "%,.2f msec", user.mean()), "user", "", user, many);
    line(sb, w, String.format(Locale.ROOT, "%,.2f msec", kernel), "sys", "", sys, many);
    line(sb, w, String.format(Locale.ROOT, "%,.2f msec", spin.mean()), "spinning",
        kernel > 0 ? String.format(Locale.ROOT, "%7.2f%% of sys", 100 * spin.mean() / kernel) : "",
        spin, many);
    if (kernel > 0) {
      for (String fn : first.spinMsByFunction().keySet()) {
        Spread f = spread(runs, r -> r.spinMsByFunction().getOrDefault(fn, 0.0));
        line(sb, w, String.format(Locale.ROOT, "%,.2f msec", f.mean()), "  in " + fn,
            String.format(Locale.ROOT, "%7.2f%% of sys", 100 * f.mean() / kernel), f, many);
      }
    }
    if (!first.taskCounts().isEmpty()) {
      // locktorture's closing lines, of the first run.
      sb.append('\n');
      first.taskCounts().forEach(c -> sb.append(TortureSummaryFormat.line(c.title(), c.acquired(), c.fails())));
    }
    if (first.finite()) {
      // time(1), POSIX -p format.
      sb.append('\n');
      sb.append(String.format(Locale.ROOT, "real %.2f%nuser %.2f%nsys %.2f%n", secs,
          user.mean() / 1000, kernel / 1000));
    }
    return sb.toString();
  }

  /**
   * The width of the name column: perf's 20, or more when a spinning function's line ({@code
   * "  in ticket_spin_unlock"}) is longer, so that its notes and spreads stay in line.
   */
  static int nameWidth(RunResult first) {
    int w = 20;
    for (String fn : first.spinMsByFunction().keySet()) {
      w = Math.max(w, ("  in " + fn).length());
    }
    return w;
  }

  private static void line(StringBuilder sb, int w, String value, String name, String note, Spread s, boolean many) {
    String left = String.format(Locale.ROOT, "%23s      %-" + w + "s ", value, name);
    String mid = note.isEmpty() ? "" : "#  " + note;
    sb.append(left).append(String.format(Locale.ROOT, "%-34s", mid));
    if (many) {
      sb.append(String.format(Locale.ROOT, "( +- %5.2f%% )", s.relPct()));
    }
    int end = sb.length();
    while (end > 0 && sb.charAt(end - 1) == ' ') {
      end--;
    }
    sb.setLength(end);
    sb.append('\n');
  }

  private static Spread spread(List<RunResult> runs, ToDoubleFunction<RunResult> f) {
    double[] v = new double[runs.size()];
    for (int i = 0; i < v.length; i++) {
      v[i] = f.applyAsDouble(runs.get(i));
    }
    return Spread.of(v);
  }
}
