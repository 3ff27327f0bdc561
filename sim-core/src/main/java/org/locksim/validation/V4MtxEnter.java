package org.locksim.validation;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.locksim.run.RunResult;
import org.locksim.scenario.Scenario;
import org.locksim.sched.CpuMode;

/**
 * V4: test before CAS in OpenBSD's {@code mtx_enter} (seed 000, Mateusz Guzik and Alexander
 * Bluhm, tech@, March 2024): one kernel-build description on four machines, before and after
 * the change; time(1)'s real, user and sys and the share of kernel time in {@code mtx_enter}.
 */
public final class V4MtxEnter implements Reproduction {
  private static final String FILE = "v4-openbsd-mtx-enter.json";
  /** The page-queue section work, written at each take of the two page-queue mutexes. */
  static final FittedParameter HOLD = new FittedParameter(FILE, List.of(
      "workload.entries[0].locks[0].hold.cycles.mean", "workload.entries[0].locks[1].hold.cycles.mean",
      "workload.entries[1].locks[0].hold.cycles.mean", "workload.entries[1].locks[1].hold.cycles.mean"),
      "page-queue section work (`fpageqlock`, `pageqlock`), cycles");
  /** The share of reads that wait for I/O: make's serial steps and the jobs' waits. */
  static final FittedParameter IO = new FittedParameter(FILE, "workload.entries[3].ioProbability",
      "share of `sys_read` entries that wait 2 ms off the CPU");

  @Override
  public String id() {
    return "V4";
  }

  @Override
  public String title() {
    return "Test before CAS in OpenBSD's mtx_enter (seed 000, 2024)";
  }

  @Override
  public String scenario() {
    return FILE;
  }

  /** The eight runs, in the file's order: before and after on each machine. */
  public static RunResult[] runs(Path scenarios) {
    return runs(ScenarioSource.of(scenarios));
  }

  static RunResult[] runs(ScenarioSource source) {
    List<Scenario> v = source.load(FILE);
    RunResult[] out = new RunResult[v.size()];
    for (int i = 0; i < v.size(); i++) {
      out[i] = source.run(v.get(i), v.get(i).run().seed());
      if (!out[i].violations().isEmpty()) {
        throw new IllegalStateException(out[i].label() + ": " + out[i].violations());
      }
    }
    return out;
  }

  /** time(1)'s sys: all kernel time, spinning included, in seconds. */
  static double sys(RunResult r) {
    return r.sysMs() / 1000;
  }

  static double user(RunResult r) {
    return r.ms(CpuMode.USER) / 1000;
  }

  /** Percent of kernel time spent spinning in {@code mtx_enter}. */
  static double mtxShare(RunResult r) {
    return 100 * r.spinMsByFunction().getOrDefault("mtx_enter", 0.0) / 1000 / sys(r);
  }

  private static Row change(String figure, String published, double before, double after,
      double lo, double hi, String band) {
    double pct = 100 * (after / before - 1);
    return Row.range(figure, published, pct,
        String.format(Locale.ROOT, "%.2f -> %.2f s (%+.1f%%)", before, after, pct), lo, hi, band);
  }

  /** CPUs busy on average over the whole run: perf's CPUs utilized, time(1)'s CPU%. */
  static double cpusUtilized(RunResult r) {
    return r.taskClockMs() / 1000 / r.elapsedSeconds();
  }

  @Override
  public List<Row> run(ScenarioSource source) {
    RunResult[] r = runs(source);
    double s0 = mtxShare(r[2]);
    double s1 = mtxShare(r[3]);
    double busy = cpusUtilized(r[0]);
    double ratio = sys(r[0]) / user(r[0]);
    return List.of(
        Row.range("16 CPUs before: CPUs utilized", "1080% CPU (10.8)", busy,
            String.format(Locale.ROOT, "%.2f", busy), 10.3, 11.3, "10.8 +/- 0.5").fit(IO),
        Row.range("16 CPUs before: sys / user", "524.69 / 521.37 s = 1.01", ratio,
            String.format(Locale.ROOT, "%.2f / %.2f s = %.2f (%.1f%% of sys in mtx_enter)",
                sys(r[0]), user(r[0]), ratio, mtxShare(r[0])), 0.86, 1.16, "1.01 +/- 15%"),
        change("16 CPUs: real", "96.79 -> 92.79 s (-4.1%)", r[0].elapsedSeconds(), r[1].elapsedSeconds(),
            -7, -2, "-2% to -7%"),
        change("16 CPUs: sys", "524.69 -> 486.87 s (-7.2%)", sys(r[0]), sys(r[1]), -10, -4, "-4% to -10%"),
        change("16 CPUs: user", "521.37 -> 522.76 s (+0.3%)", user(r[0]), user(r[1]), -1, 1, "within 1%"),
        change("2 x 4 CPUs: sys", "-5%", sys(r[2]), sys(r[3]), -8, -3, "-3% to -8%"),
        Row.range("2 x 4 CPUs: in mtx_enter, before", "13.1% of kernel time", s0,
            String.format(Locale.ROOT, "%.1f%%", s0), 10.1, 16.1, "13.1 +/- 3 points").fit(HOLD),
        Row.range("2 x 4 CPUs: in mtx_enter, after", "10.7% of kernel time", s1,
            String.format(Locale.ROOT, "%.1f%%", s1), 7.7, 13.7, "10.7 +/- 3 points"),
        change("M2 Pro: real", "no measurable difference", r[6].elapsedSeconds(), r[7].elapsedSeconds(),
            -1.5, 1.5, "within 1.5%"),
        change("1 x 8 CPUs: real", "no measurable difference", r[4].elapsedSeconds(), r[5].elapsedSeconds(),
            -1.5, 1.5, "within 1.5%"));
  }

  @Override
  public List<FittedParameter> fits() {
    return List.of(HOLD, IO);
  }

  @Override
  public Map<String, String> kneeNotes() {
    return Map.of("M2 Pro: real", """
        the figure is a change near zero, judged against its band of 1.5%, and one seed's \
        change moves more than that without the parameter: over six seed sets it ranges from \
        0.0% to +6.6% (docs/validation.md, V4). Over seeds 1 to 4 (`./locksim compare \
        scenarios/v4-openbsd-mtx-enter.json --variant m2pro-before --variant m2pro-after \
        --repeat 4 --metric elapsed`) the change is +0.1% at the fitted work and -0.4% with \
        the work 10% higher, no difference proven at 95% either way: the flag marks the \
        spread between seeds, not a knee of the model.""");
  }

  /** The 16-CPU machine is not named: its on-socket transfer under three plausible parts. */
  @Override
  public List<StandIn> standIns() {
    return List.of(StandIn.ofValues(FILE, "machine.transfer.sameSocket.value", List.of("30", "83", "150"),
        "the on-socket transfer of the unnamed 16-CPU machine, ns: a one-die part such as an"
            + " 8-core ring-bus desktop, the model's two-die Zen 3, two sockets of 8 cores", "16 CPUs"));
  }

  @Override
  public String notes() {
    return """
        One build description serves the four machines; the variants change the machine and
        `checkBeforeCas` only. The post gives time(1) figures and one profile share, not the
        kernel's lock traffic, so the job is described from OpenBSD's code (docs/model.md,
        V4), in cycles and the shared lines each section touches, so that it ports from one
        machine to another: each page fault allocates a page under `uvm.fpageqlock` (the
        pmemrange free lists, `uvmexp`) and activates it under `uvm.pageqlock` (the paging
        queue heads, on the mutexes' line as `struct uvm` declares them), and each page freed
        takes both again. VFS system calls take the kernel lock. Two figures are fitted: the
        page-queue section work, 4,200 cycles, to the 13.1% share before the change on the
        two-socket machine; and the share of reads that wait 2 ms for I/O, 7%, to the post's
        1080% CPU on 16 CPUs (make's serial steps and the jobs' waits, which the post does
        not break down). The build is 48 jobs of a third of an average compile job each, so
        that make's slots stay filled as in a build of 1,000 jobs; the figures are relative.

        The before-run comes first. The 16-CPU run is described as the post describes it
        (make's 16 slots filled, 10.8 CPUs busy on average); its sys/user is then a
        prediction: 1.05 against the post's 1.01, within its band, with 30% of system time
        spinning in `mtx_enter`. It was 1.12 (33% spinning) until requests were ordered where
        they reach their line (docs/model.md, Coherence), and 1.18 until a critical section's misses of
        independent lines overlapped within the core's reorder window (docs/model.md,
        Workloads), which shortened the page-queue sections' misses and no parameter moved. Before that description the model's 16 jobs started together, each with
        the nanosecond hold fitted on the two-socket machine; sys/user was 2.05, 54% of system
        time spun in `mtx_enter`, and the change saved 42% of system time.

        On the M2 Pro the kernel's atomics are load-/store-exclusive loops
        (`kernel.arm64Atomics` `llsc`: OpenBSD/arm64 is built for ARMv8.0, an assumption the
        thread does not state), so a failed CAS is a read and the change has nothing to
        save, as the post found; with LSE atomics the model gives -3% of real time there.

        Where it misses: the two-socket machine saves 2.3% of system time, short of its band's
        3%, and not by the luck of a seed: over six seed sets (`./locksim validate --only V4
        --seeds 6`: the bundled seeds and five others, each build's runs before and after the
        change drawing the same jobs) it saves 2.1% to 2.4%, 2.25% +/- 0.15% (95%, Student's
        t), in band under none (1.9% to 2.4% before an upgrade of a shared copy was ordered at
        the line's home rather than at its issue, 1.6% to 2.3% before posted stores were ordered
        where they reach their line, 1.5% to 1.9% before any request was). The 16-CPU machine's
        saving of system time, 9.8% against the published 7.2%, is 0.2 points inside its band's
        10% (10.3%, 0.3 points over, before upgrades were ordered at the home; 9.7% before posted
        stores were ordered where they reach their line); over the six sets it is 8.3% to 11.0%,
        9.85% +/- 1.09%, in band under three (under two before upgrades were ordered at the
        home, under three before posted stores were ordered where they reach their line): the model's
        saving lies 1.1 to 3.8 points above the post's, at the band's edge, and which side of it
        the bundled seeds fall on is chance.
        (The rows are the bundled seeds' alone, as each of the eight runs takes seconds.
        Three rows that pass do not pass under every set: the M2 Pro's change of real time,
        +0.2% here, ranges from 0.0% to +6.6%, in band under four; the 16-CPU sys / user
        before the change, 1.05 here, from 0.78 to 1.10, in band under five; and the CPUs
        utilized the share of reads that wait for I/O is fitted to, 10.34 here, from 9.41 to
        10.84, in band under three. Real time on 16 CPUs moves by 2.0% to 3.5%, in band under
        every set.) The saving was 8.2% before an owner kept its
        line until a read's request reached it (docs/model.md, Coherence; nothing was fitted
        again for it), and real time is in its band. The rule cut the time spun in `mtx_enter` by 7%
        after the change (2,498 to 2,326 ms, seed 1) and by 2% before it (2,943 to 2,887 ms),
        with about as many contentions (343,302 and 342,835 on `fpageqlock` after the change):
        the mutexes' line moved 8.8% fewer times after the change (12,717,010 to 11,593,037
        transfers) and 1.0% fewer before it (18,146,712 to 17,959,229). After the change the
        waiters mostly read the line, and a write its owner makes before their reads reach it
        no longer takes the line back, a transfer each; before it, the waiters' `cmpxchg`es
        take the line anyway. Which writes those are was not traced. The post does not name the 16-CPU machine; the model's is a 16-core Zen 3 (two
        dies of 8 cores, 83 ns between them). The saving depends most on what it costs to move
        the mutexes' line between the CPUs that share it, so the rows differ under three
        plausible stand-ins for that transfer: 30 ns (a one-die part, such as an 8-core,
        16-thread ring-bus desktop), 83 ns (the model's Zen 3) and 150 ns (two sockets of 8
        cores). docs/calibration.md's stand-ins section gives the 16-CPU rows under each,
        computed by `validate --write`; the saving of system time grows with the transfer. Since a
        read of a line just written blocks the line's home until the writer has forwarded it,
        and the Zen 3 serves every read of a shared line from a core's cache (its L3 is a
        victim cache), each spinner's re-read of the mutexes' line costs the others a whole
        transfer; before that rule and the idle states, the Zen 3 saved 15.5% of system time.

        What the post measured, a change that saves 5% and 7% on machines of 8 and 16 CPUs,
        needs contention that grows more gently with the CPU count than the model's two global
        mutexes: the section work the fit needs, 4,200 cycles, is far more than the few dozen
        instructions of `uvm_pageactivate`, so the profile's 13.1% must come from more mutexes
        than the description has. Which mutexes spin in a 2024 OpenBSD build, and how much
        each, is what the next model of this build needs (the thread's flame graphs would
        say).
        """;
  }
}
