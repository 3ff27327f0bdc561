package org.locksim.validation;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.locksim.metrics.LockStats;
import org.locksim.report.perf.Spread;
import org.locksim.run.RunResult;
import org.locksim.run.Simulator;
import org.locksim.scenario.Scenario;

/**
 * V5: the asm-goto mutex fast path on x86-64 (seed 003, Borislav Petkov's {@code perf stat
 * --repeat 10} of {@code make -j64 bzImage}, Jul 2013): the same build with the inline fast
 * path of 2013 and with asm-goto. VALIDATION.md's revised band: the change of cycles and of
 * instructions must lie inside the published 95% interval of the difference, elapsed time
 * must change by less than the model's own run-to-run spread (shown beside the published
 * one), the CPUs utilized over the whole run must be 7.8 to 8 and the context switches those
 * of the post.
 */
public final class V5AsmGoto implements Reproduction {
  /** Runs per variant, with seeds 1, 2, ...: perf stat --repeat 10. */
  static final int RUNS = 10;
  /** The post's build: 960.6 s of task-clock (120.1 s on 7.996 CPUs). */
  static final double BUILD_CPU_SECONDS = 960.601373972;
  private static final String FILE = "v5-linux-asm-goto.json";
  /** The lock algorithm whose fast path the patch changes. */
  private static final String MUTEX = "mutex.linux-2009";
  /**
   * The share of other system calls that sleep, derived from the post's context-switch count
   * (the scenario's description gives the derivation).
   */
  static final FittedParameter SLEEPS = new FittedParameter(FILE, "workload.entries[3].ioProbability",
      "share of the other system calls that sleep for I/O, derived from the published context switches");

  /** Results by scenarios folder: the runs are deterministic and take seconds, so a JVM that
   * validates twice (the page test and this row's test) simulates once. */
  private static final Map<Path, Runs> CACHE = new ConcurrentHashMap<>();

  /**
   * One variant's repeats.
   *
   * @param results the runs, seeds 1 to {@link #RUNS}
   */
  public record Variant(List<RunResult> results) {
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

    /** Busy CPUs over the whole run, start to last exit: task-clock over elapsed time. */
    double cpusUtilized() {
      return mean(r -> r.taskClockMs() / 1000 / r.elapsedSeconds());
    }

    /** Fast-path operations of the patched mutexes per run: each acquisition is a lock and an unlock. */
    double fastPathOps() {
      return mean(r -> 2.0 * r.locks().stream().filter(l -> l.algorithm().equals(MUTEX))
          .mapToLong(LockStats::acquisitions).sum());
    }

    /** The same per post's build of 960.6 CPU-seconds. */
    double fastPathOpsPerBuild() {
      return mean(r -> 2.0 * r.locks().stream().filter(l -> l.algorithm().equals(MUTEX))
          .mapToLong(LockStats::acquisitions).sum() / (r.taskClockMs() / 1000)) * BUILD_CPU_SECONDS;
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
    return FILE;
  }

  /** The repeats of both variants, inline first. */
  public static Runs runs(Path scenarios) {
    return CACHE.computeIfAbsent(scenarios.toAbsolutePath().normalize(), p -> simulate(ScenarioSource.of(p)));
  }

  static Runs runs(ScenarioSource source) {
    return source.asBundled() ? runs(source.folder()) : simulate(source);
  }

  /** The twenty builds, on every core: each is deterministic, so the figures do not depend on the count. */
  private static Runs simulate(ScenarioSource source) {
    List<Scenario> v = source.load(FILE);
    List<long[]> jobs = new ArrayList<>();
    for (int i = 0; i < 2; i++) {
      for (int k = 0; k < RUNS; k++) {
        jobs.add(new long[] {i, v.get(i).run().seed() + k});
      }
    }
    List<RunResult> all = Parallel.map(jobs, Parallel.cores(), j -> Simulator.run(v.get((int) j[0]), j[1]));
    for (RunResult r : all) {
      if (!r.violations().isEmpty()) {
        throw new IllegalStateException(r.label() + ": " + r.violations());
      }
    }
    return new Runs(new Variant(List.copyOf(all.subList(0, RUNS))), new Variant(List.copyOf(all.subList(RUNS, 2 * RUNS))));
  }

  @Override
  public List<Row> run(ScenarioSource source) {
    Runs r = runs(source);
    Variant a = r.inline();
    Variant b = r.asmGoto();
    double cyc = change(a.mean(RunResult::cycles), b.mean(RunResult::cycles));
    double ins = change(a.mean(RunResult::instructions), b.mean(RunResult::instructions));
    double el = change(a.mean(RunResult::elapsedSeconds), b.mean(RunResult::elapsedSeconds));
    double spread = Math.max(a.spread(RunResult::elapsedSeconds).relPct(),
        b.spread(RunResult::elapsedSeconds).relPct());
    double saved = (a.mean(RunResult::instructions) - b.mean(RunResult::instructions)) / a.fastPathOps();
    double cs = (a.switchesPerBuild() + b.switchesPerBuild()) / 2;
    return List.of(
        Row.range("cycles, asm-goto vs inline", "3,146,429,834,505 -> 3,141,378,247,404 (-0.161%)", cyc,
            String.format(Locale.ROOT, "%s -> %s (%+.5f%%)", Row.fmt(Math.round(a.mean(RunResult::cycles))),
                Row.fmt(Math.round(b.mean(RunResult::cycles))), cyc), -0.47, 0.14,
            "-0.47% to +0.14% (95% interval)"),
        Row.range("instructions, asm-goto vs inline", "1,801,184,009,281 -> 1,798,363,791,924 (-0.157%)", ins,
            String.format(Locale.ROOT, "%s -> %s (%+.5f%%): %.2f saved per mutex fast-path operation,"
                    + " %s operations per build", Row.fmt(Math.round(a.mean(RunResult::instructions))),
                Row.fmt(Math.round(b.mean(RunResult::instructions))), ins, saved,
                Row.fmt(Math.round(a.fastPathOpsPerBuild()))), -0.43, 0.12, "-0.43% to +0.12% (95% interval)"),
        Row.range("elapsed change, within the model's spread", "120.13 s ( +- 0.19% ), no change reported",
            Math.abs(el), String.format(Locale.ROOT, "%.3f -> %.3f s (%+.2f%%; model's spread +- %.2f%%,"
                    + " published +- 0.19%%)", a.mean(RunResult::elapsedSeconds),
                b.mean(RunResult::elapsedSeconds), el, spread), 0, Math.nextDown(spread),
            "less than the model's ( +- ) spread"),
        Row.range("CPUs utilized, whole run", "7.996", (a.cpusUtilized() + b.cpusUtilized()) / 2,
            String.format(Locale.ROOT, "%.3f, %.3f", a.cpusUtilized(), b.cpusUtilized()), 7.8, 8.0,
            "7.8 to 8.0").input(),
        Row.within("context switches per 120 s build (960.6 CPU-s)", 600_000, cs, 30).fit(SLEEPS));
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
