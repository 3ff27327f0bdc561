package org.locksim.validation;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.locksim.report.perf.Spread;
import org.locksim.run.RunResult;
import org.locksim.run.Simulator;
import org.locksim.scenario.Scenario;
import org.locksim.scenario.ScenarioLoader;
import org.locksim.workload.Build;

/**
 * V5: the asm-goto mutex fast path on x86-64 (seed 003, Borislav Petkov's {@code perf stat
 * --repeat 10} of {@code make -j64 bzImage}, Jul 2013): the same build with the inline fast
 * path of 2013, which tests the result of {@code lock decl} before its branch, and with
 * asm-goto, which branches on the flags. Cycles and instructions must fall by 0.05% to 0.5%,
 * elapsed time must change by less than the run-to-run spread, and the CPUs utilized and the
 * context switches must be those of the post.
 */
public final class V5AsmGoto implements Reproduction {
  /** Runs per variant, with seeds 1, 2, ...: perf stat --repeat 10. */
  static final int RUNS = 10;
  /** The post's build: 960.6 s of task-clock (120.1 s on 7.996 CPUs). */
  static final double BUILD_CPU_SECONDS = 960.601373972;

  /** Results by scenarios folder: the runs are deterministic and take seconds, so a JVM that
   * validates twice (the page test and this row's test) simulates once. */
  private static final Map<Path, Runs> CACHE = new ConcurrentHashMap<>();

  /**
   * One variant's repeats.
   *
   * @param results the runs, seeds 1 to {@link #RUNS}
   * @param steadyCpus per run, CPUs utilized until the last job started
   */
  public record Variant(List<RunResult> results, double[] steadyCpus) {
    double mean(java.util.function.ToDoubleFunction<RunResult> f) {
      return results.stream().mapToDouble(f).average().orElseThrow();
    }

    Spread spread(java.util.function.ToDoubleFunction<RunResult> f) {
      return Spread.of(results.stream().mapToDouble(f).toArray());
    }

    /** Context switches per CPU-second, times the post's build of 960.6 CPU-seconds. */
    double switchesPerBuild() {
      return mean(r -> r.counters().contextSwitches() / (r.taskClockMs() / 1000)) * BUILD_CPU_SECONDS;
    }

    double steadyCpusMean() {
      return java.util.Arrays.stream(steadyCpus).average().orElseThrow();
    }
  }

  /**
   * Both variants.
   *
   * @param inline the 2013 fast path
   * @param asmGoto the patched one
   */
  public record Runs(Variant inline, Variant asmGoto) { }

  @Override
  public String id() {
    return "V5";
  }

  @Override
  public String title() {
    return "asm-goto mutex fast path on x86-64 (seed 003, 2013)";
  }

  @Override
  public String scenario() {
    return "v5-linux-asm-goto.json";
  }

  /** The repeats of both variants, inline first. */
  public static Runs runs(Path scenarios) {
    return CACHE.computeIfAbsent(scenarios.toAbsolutePath().normalize(), V5AsmGoto::simulate);
  }

  private static Runs simulate(Path scenarios) {
    List<Scenario> v = ScenarioLoader.standard().load(scenarios.resolve("v5-linux-asm-goto.json"), List.of());
    Variant[] out = new Variant[2];
    for (int i = 0; i < 2; i++) {
      Scenario s = v.get(i);
      int jobs = ((Build) s.workload()).jobs();
      List<RunResult> results = new ArrayList<>();
      double[] steady = new double[RUNS];
      for (int k = 0; k < RUNS; k++) {
        SteadyBuildUtilization u = new SteadyBuildUtilization(jobs, s.machine().cpuCount());
        RunResult r = Simulator.run(s, s.run().seed() + k, u);
        if (!r.violations().isEmpty()) {
          throw new IllegalStateException(r.label() + ": " + r.violations());
        }
        results.add(r);
        steady[k] = u.cpusUtilized();
      }
      out[i] = new Variant(List.copyOf(results), steady);
    }
    return new Runs(out[0], out[1]);
  }

  @Override
  public List<Row> run(Path scenarios) {
    Runs r = runs(scenarios);
    Variant a = r.inline();
    Variant b = r.asmGoto();
    double cyc = change(a.mean(RunResult::cycles), b.mean(RunResult::cycles));
    double ins = change(a.mean(RunResult::instructions), b.mean(RunResult::instructions));
    double el = change(a.mean(RunResult::elapsedSeconds), b.mean(RunResult::elapsedSeconds));
    double spread = Math.max(a.spread(RunResult::elapsedSeconds).relPct(),
        b.spread(RunResult::elapsedSeconds).relPct());
    double cpus = (a.steadyCpusMean() + b.steadyCpusMean()) / 2;
    double cs = (a.switchesPerBuild() + b.switchesPerBuild()) / 2;
    return List.of(
        Row.range("cycles, asm-goto vs inline", "3,146,429,834,505 -> 3,141,378,247,404 (-0.161%)", cyc,
            String.format(Locale.ROOT, "%s -> %s (%+.5f%%)", Row.fmt(Math.round(a.mean(RunResult::cycles))),
                Row.fmt(Math.round(b.mean(RunResult::cycles))), cyc), -0.5, -0.05, "-0.05% to -0.5%"),
        Row.range("instructions, asm-goto vs inline", "1,801,184,009,281 -> 1,798,363,791,924 (-0.157%)", ins,
            String.format(Locale.ROOT, "%s -> %s (%+.5f%%)", Row.fmt(Math.round(a.mean(RunResult::instructions))),
                Row.fmt(Math.round(b.mean(RunResult::instructions))), ins), -0.5, -0.05, "-0.05% to -0.5%"),
        Row.range("elapsed change, within the spread", "120.13 s ( +- 0.19% ), no change reported", Math.abs(el),
            String.format(Locale.ROOT, "%.3f -> %.3f s (%+.2f%%; spread +- %.2f%%)", a.mean(RunResult::elapsedSeconds),
                b.mean(RunResult::elapsedSeconds), el, spread), 0, Math.nextDown(spread),
            "less than the ( +- ) spread"),
        Row.range("CPUs utilized (until the last job starts)", "7.996", cpus,
            String.format(Locale.ROOT, "%.4f, %.4f", a.steadyCpusMean(), b.steadyCpusMean()), 7.8, 8.0, "7.8 to 8.0"),
        Row.within("context switches per 120 s build (960.6 CPU-s)", 600_000, cs, 30));
  }

  private static double change(double before, double after) {
    return 100 * (after / before - 1);
  }

  @Override
  public String notes() {
    return """
        Not reproduced: the cycles and instructions rows fail, and no honest parameter closes
        them. The workload is derived from the post's perf block, divided by an estimated
        2,000 compile jobs (the post gives no count): 480.3 ms of CPU, 12,725 page faults and
        about 4,000 system calls per job, 0.572 instructions per cycle and 0.2245 branches per
        instruction. In it the build's shared mutexes (libc's and ld.so's `i_mmap_mutex`, the
        object directory's `i_mutex`, the jobserver pipe) are taken 82 times per job, and
        asm-goto saves one `test` (one instruction, half a cycle) in each lock and each unlock:
        about 16,000 instructions and 8,000 cycles per simulated run, 0.00002% of the
        instructions. The cycles move by more than that, either way, with the scheduling
        (+0.0005% here). To fall by 0.05% the build would need 0.0005 x 89.4e9 / 2 = 22 million
        mutex pairs per 100 jobs, about 18 per page fault; even the per-job mutexes the
        scenario leaves out (each job's cc1 | as pipe and its output files, perhaps 1,000 pairs
        a job) would bring the saving only to about 0.0002%. The published change
        (-0.157% instructions, -0.161% cycles) is about one standard error of the difference of
        two means with the post's own spreads (+- 0.10% and +- 0.11%), so it may be noise; and
        the saving of the real patch was not a test (Linux 3.10's `lock decl; jns; call` has
        none) but the registers the asm's call clobbered, which the model does not have.
        Priced generously, that is three instructions in each `mutex_lock` and
        `mutex_unlock` (the push, move and pop that keep the lock's address in a callee-saved
        register across the asm): at 1,000 pairs a job and 2,000 jobs, 12 million
        instructions, 0.0007% of the post's 1.8e12. The post's other counters move by as
        much without a cause in the patch: branches rose by 0.19% (402.48e9 -> 403.26e9),
        though asm-goto adds no branch to the fast path (`jns` in both forms), and page
        faults by 114. Differences of this size are what two kernel images' code layout and
        run-to-run variation give, which the model has no cause for.

        The scenario simulates 100 jobs, 1/20 of the build, to keep the test suite short; each
        variant runs 10 times with seeds 1 to 10. A fraction ends in a tail in which fewer jobs
        than CPUs remain, 20 times heavier than in the whole build, so CPUs utilized is taken
        until the last job starts (whole runs: about 7.4); context switches are counted per
        CPU-second and scaled to the post's 960.6 CPU-seconds. The context-switch row is not an
        independent prediction: the sleeps per job are derived from the published count, given
        the scheduler's slices (3 ms, ended at the first HZ=250 tick after it), and the row
        checks that derivation and the scheduler. With `perf stat -a` the post's task-clock
        counts idle time too, so its 7.996 CPUs say less about busy CPUs than the row suggests.
        The spread of elapsed time (about +- 2.5%) is far wider than the post's +- 0.19%: 100
        jobs of lognormal size vary more than 2,000 do.
        """;
  }
}
