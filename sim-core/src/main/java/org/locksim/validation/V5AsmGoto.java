package org.locksim.validation;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.locksim.metrics.LockStats;
import org.locksim.report.perf.Spread;
import org.locksim.run.Parallel;
import org.locksim.run.RunResult;
import org.locksim.scenario.Scenario;

/**
 * V5: the asm-goto mutex fast path on x86-64 (seed 003, Borislav Petkov's {@code perf stat
 * --repeat 10} of {@code make -j64 bzImage}, Jul 2013): the same build with Linux 3.10's x86-64
 * mutex fast path (an asm that calls the slow path from inside itself, {@code asm-call}) and
 * with the asm-goto patch; {@code mutex.linux-2009} prices what the patch removes from
 * {@code mutex_lock} and {@code mutex_unlock} (its {@code AsmFrame}s). VALIDATION.md's revised band: the change of cycles and of
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
   * @param asmCall Linux 3.10's fast path
   * @param asmGoto the patched one
   */
  public record Runs(Variant asmCall, Variant asmGoto) { }

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

  /** The repeats of both variants, asm-call first. */
  public static Runs runs(Path scenarios) {
    return CACHE.computeIfAbsent(scenarios.toAbsolutePath().normalize(), p -> simulate(ScenarioSource.of(p)));
  }

  static Runs runs(ScenarioSource source) {
    return simulate(source);
  }

  /**
   * The twenty builds, on the source's threads (every core unless {@code validate --jobs} says
   * otherwise): each is deterministic, so the figures do not depend on the count.
   */
  private static Runs simulate(ScenarioSource source) {
    List<Scenario> v = source.load(FILE);
    List<long[]> jobs = new ArrayList<>();
    for (int i = 0; i < 2; i++) {
      for (int k = 0; k < RUNS; k++) {
        jobs.add(new long[] {i, v.get(i).run().seed() + k});
      }
    }
    List<RunResult> all = Parallel.map(jobs, source.threads(), j -> source.run(v.get((int) j[0]), j[1]));
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
    Variant a = r.asmCall();
    Variant b = r.asmGoto();
    double cyc = change(a.mean(RunResult::cycles), b.mean(RunResult::cycles));
    double ins = change(a.mean(RunResult::instructions), b.mean(RunResult::instructions));
    double el = change(a.mean(RunResult::elapsedSeconds), b.mean(RunResult::elapsedSeconds));
    double spread = Math.max(a.spread(RunResult::elapsedSeconds).relPct(),
        b.spread(RunResult::elapsedSeconds).relPct());
    double saved = (a.mean(RunResult::instructions) - b.mean(RunResult::instructions)) / a.fastPathOps();
    double cs = (a.switchesPerBuild() + b.switchesPerBuild()) / 2;
    return List.of(
        Row.range("cycles, asm-goto vs asm-call", "3,146,429,834,505 -> 3,141,378,247,404 (-0.161%)", cyc,
            String.format(Locale.ROOT, "%s -> %s (%+.5f%%)", Row.fmt(Math.round(a.mean(RunResult::cycles))),
                Row.fmt(Math.round(b.mean(RunResult::cycles))), cyc), -0.47, 0.14,
            "-0.47% to +0.14% (95% interval)"),
        Row.range("instructions, asm-goto vs asm-call", "1,801,184,009,281 -> 1,798,363,791,924 (-0.157%)", ins,
            String.format(Locale.ROOT, "%s -> %s (%+.5f%%): %.2f instructions saved per mutex fast-path operation,"
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
  public List<FittedParameter> fits() {
    return List.of(SLEEPS);
  }

  @Override
  public String notes() {
    return """
        The revised band asks only what the post can resolve. perf's `( +- )` is the standard
        error of the mean of the 10 runs, so the difference of the two means has a standard
        error of about 1.41 x 0.11% = 0.16% for cycles and 1.41 x 0.10% = 0.14% for
        instructions: the published -0.161% and -0.157% are one standard error from zero, and
        the 95% intervals of the difference, -0.47% to +0.14% and -0.43% to +0.12%, contain
        zero. The post shows no saving distinguishable from noise. A simulated change inside
        both intervals says that the model predicts no saving or cost that the post rules
        out; these rows cannot tell a saving of one instruction per operation from one of
        ten.

        What the patch removes. Linux 3.10's x86-64 fast path was already asm
        (arch/x86/include/asm/mutex_64.h): `lock decl (%rdi); jns 1f; call fail_fn; 1:`,
        with the mutex pinned in `%rdi` as input and `"=D"` output, and `rax`, `rsi`,
        `rdx`, `rcx` and `r8` to `r11` clobbered. It has no test of the result: both forms
        branch on the flags of `lock decl` (or `lock incl`), so the model's `asm-call` and
        `asm-goto` styles both leave the `test` out. What asm goto removes is the cost of
        the constraints in the functions around the asm, as the patch's commit message
        disassembles them (gcc 4.7.3): `mutex_lock`'s fast path goes from 16 instructions
        to 12, losing `sub $0x10,%rsp`, the save and restore of `%r12` and the
        `mov %rbx,%rdi` that reloads the pinned input; `mutex_unlock`'s from 7 to 4, its
        `push %rbp; mov %rsp,%rbp ... pop %rbp` frame moving to the slow path with the
        call. `mutex.linux-2009` prices exactly these (`LinuxMutex.LOCK_FRAME` and
        `UNLOCK_FRAME`) with the cost table of `amd64-8cpu-2013`: 3 `alu` at 0.5 cycle,
        2 `store` at 1 and 2 `load` at 4 per lock-unlock pair, 7 instructions and 11.5
        cycles, 3.5 instructions and 5.75 cycles per fast-path operation; asm goto still
        runs the moved instructions on the slow path. The model measures 3.50
        instructions saved per operation and 328,705 operations per build of 960.6
        CPU-seconds: 1.15 million instructions (-0.00006%) and, from the table, 1.9
        million cycles (0.6 ms of CPU) per build. The simulated change of cycles,
        -0.00019%, is larger than that because the two variants' builds are scheduled
        slightly differently; both changes are far inside the intervals. Before this
        pricing the model charged one `test` per operation that the 3.10 code never had
        (1.00 instruction saved per operation, -0.00002% instructions, -0.00029%
        cycles).

        The scenario simulates only the mutexes that jobs share, but the patch saves on
        every `mutex_lock` and `mutex_unlock` in the kernel. A bound: if each of a job's
        about 4,000 system calls and 12,725 page faults took one mutex pair, the saving
        would be 2,000 x 16,725 x 7 = 234 million instructions per build, 0.013% of the
        post's 1.80e12, still twelve times less than the published -0.157% and inside the
        interval. A saving of 0.157% would need about 800 million mutex operations per
        build, 400,000 per compile job: the post's change is noise, as its own standard
        errors say.

        The post's other counters move by as much without a cause in the patch: branches rose
        by 0.19% (402.48e9 -> 403.26e9), though asm-goto adds no branch to the fast path
        (`jns` in both forms), and page faults by 114. Differences of this size are what two
        kernel images' code layout and run-to-run variation give, which the model has no
        cause for.

        The scenario simulates 400 jobs, a fifth of the estimated 2,000 of the build, with
        the post's per-job description; each variant runs 10 times with seeds 1 to 10, as
        perf stat --repeat 10 did. CPUs utilized is busy CPU time over elapsed time for the
        whole run, from the first job to the last exit, tail included (the jobs that end
        after the last one starts, when fewer jobs than CPUs remain); the fraction's tail
        weighs five times more than the whole build's. The row is an input: make -j64 keeps
        64 jobs on 8 CPUs, and with `perf stat -a` the post's task-clock counts idle time too,
        so its 7.996 CPUs is the CPU count. The context switches are counted per CPU-second
        and scaled to the post's 960.6 CPU-seconds; their row is a fit, since the share of
        system calls that sleep is derived from the published count given the scheduler's
        slices (3 ms, ended at the first HZ=250 tick after it), and the row checks that
        derivation and the scheduler. The model's run-to-run spread of elapsed time is
        wider than the post's +- 0.19%: 400 jobs of lognormal size vary more than 2,000 do.
        """;
  }
}
