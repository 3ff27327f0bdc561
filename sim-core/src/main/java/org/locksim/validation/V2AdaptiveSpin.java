package org.locksim.validation;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.locksim.run.RunResult;
import org.locksim.scenario.Scenario;

/**
 * V2: adaptive spinning in the Linux mutex (seed 001, Ingo Molnar's figures of Jan 2009): 16
 * CPUs, 128 tasks on one mutex, without and with owner spinning.
 */
public final class V2AdaptiveSpin implements Reproduction {
  private static final String FILE = "v2-linux-adaptive-spin.json";
  /** Which idle states the test box entered: C1 only, fitted to the post's CPU time. */
  static final FittedParameter IDLE = new FittedParameter(FILE, "kernel.idleLatencyLimitUs",
      "the kernel's idle exit-latency limit");

  @Override
  public String id() {
    return "V2";
  }

  @Override
  public String title() {
    return "Adaptive spinning in the Linux mutex (seed 001, 2009)";
  }

  @Override
  public String scenario() {
    return "v2-linux-adaptive-spin.json";
  }

  /** The two runs, no spin first. */
  public static RunResult[] runs(Path scenarios) {
    return runs(ScenarioSource.of(scenarios));
  }

  static RunResult[] runs(ScenarioSource source) {
    List<Scenario> v = source.load("v2-linux-adaptive-spin.json");
    RunResult[] out = new RunResult[2];
    for (int i = 0; i < 2; i++) {
      out[i] = source.run(v.get(i), v.get(i).run().seed());
      if (!out[i].violations().isEmpty()) {
        throw new IllegalStateException(out[i].label() + ": " + out[i].violations());
      }
    }
    return out;
  }

  @Override
  public List<Row> run(ScenarioSource source) {
    RunResult[] r = runs(source);
    RunResult a = r[0];
    RunResult b = r[1];
    double ops = b.opsPerSecond() / a.opsPerSecond();
    double tc = b.taskClockMs() / a.taskClockMs();
    long ma = a.counters().migrations();
    long mb = b.counters().migrations();
    long ca = a.counters().contextSwitches();
    long cb = b.counters().contextSwitches();
    return List.of(
        Row.range("ops/s ratio", "281,595 -> 524,791 (x1.86)", ops,
            String.format(Locale.ROOT, "%s -> %s (x%.2f)", Row.fmt(Math.round(a.opsPerSecond())),
                Row.fmt(Math.round(b.opsPerSecond())), ops), 1.6, 2.2, "1.6 to 2.2"),
        Row.range("task-clock ratio", "12,098 -> 22,280 ms (x1.84)", tc,
            String.format(Locale.ROOT, "%s -> %s ms (x%.2f)", Row.fmt(Math.round(a.taskClockMs())),
                Row.fmt(Math.round(b.taskClockMs())), tc), 1.5, 2.2, "1.5 to 2.2").fit(IDLE),
        Row.range("CPU migrations, fewer by", "1,081 -> 117 (x9.2)", ma / (double) Math.max(1, mb),
            Row.fmt(ma) + " -> " + Row.fmt(mb), 4, Double.POSITIVE_INFINITY, "at least 4x"),
        Row.range("context switches, fewer by", "7,102 -> 5,711 (x1.24)", ca / (double) Math.max(1, cb),
            Row.fmt(ca) + " -> " + Row.fmt(cb), 1.0000001, Double.POSITIVE_INFINITY, "fewer with spinning"),
        perTaskClockSecond("no spin: context switches per task-clock second", 7_102, ca, a),
        perTaskClockSecond("no spin: CPU migrations per task-clock second", 1_081, ma, a));
  }

  /**
   * A counter of the run without spinning per second of its task-clock, against the post's
   * (its count over its 12,098 ms), banded within 3x either way as VALIDATION.md asks: the
   * ratios alone let a run pass whose regime is wrong.
   */
  private static Row perTaskClockSecond(String figure, long published, long simulated,
      RunResult run) {
    double post = published / 12.098;
    double rate = simulated / (run.taskClockMs() / 1000);
    return Row.range(figure, String.format(Locale.ROOT, "%s / 12.098 s = %s/s", Row.fmt(published),
            Row.fmt(Math.round(post))), rate,
        String.format(Locale.ROOT, "%s / %.3f s = %s/s (x%.0f)", Row.fmt(simulated),
            run.taskClockMs() / 1000, Row.fmt(Math.round(rate)), rate / post),
        post / 3, post * 3, "within 3x");
  }

  /**
   * Whether the box had Hyper-Threading: the post names none, and the Nehalem-EP of the
   * catalog stand-in went on sale in March 2009, after the post; a 16-way box of January 2009
   * may as well have been four quad-core sockets without it. The stand-in gives each of the
   * catalog's two sockets eight cores of one thread, which share neither execution units nor
   * caches, at the catalog's transfer costs. The workload's cycles are derived
   * from the post's times on the box, so they follow: on busy hyper-threads a time is 0.625 of
   * that many cycles alone (the catalog's smtThroughput 1.25 shared by two), on cores of
   * their own it is that many.
   */
  private static final String NO_SHARING = "machine={\"model\": \"amd64-2009-16way\", \"topology\":"
      + " {\"clusters\": [{\"name\": \"core\", \"cores\": 8, \"threadsPerCore\": 1,"
      + " \"frequencyMHz\": {\"value\": 2930, \"source\": \"as the catalog's Xeon X5570\"}}]}}";

  @Override
  public List<StandIn> standIns() {
    return List.of(new StandIn(FILE, "the box's Hyper-Threading", List.of(
        new StandIn.Choice("hyper-threads sharing 8 cores (bundled): 3,479 + 51,275 cycles",
            List.of("workload.critical.cycles.mean=3479", "workload.outside.cycles.mean=51275")),
        new StandIn.Choice("16 CPUs sharing nothing: 5,567 + 82,040 cycles",
            List.of(NO_SHARING, "workload.critical.cycles.mean=5567",
                "workload.outside.cycles.mean=82040"))),
        "whether the 16-way box of the post had Hyper-Threading, which no part of the post says;"
            + " the workload's cycles, derived from the post's times, follow the answer", ""));
  }

  @Override
  public List<FittedParameter> fits() {
    return List.of(IDLE);
  }

  @Override
  public String notes() {
    return """
        The post gives no workload beyond "128 parallel test-tasks" of test-mutex (tasks
        creating and removing files in one directory), so the workload comes from the post's
        own figures: with owner spinning every contender spins, so the 16 CPUs are busy and
        16 / 524,791 ops/s gives 30.5 us of CPU per operation; the lock is the bottleneck, so
        it is held at most 1 / 524,791 s = 1.9 us of it; the other 28 us are system-call work
        outside the lock. Those are times on hyper-threads whose siblings were busy too, and
        the model's cycles are a thread's alone on its core (docs/model.md, SMT sharing), so
        they are converted at the model's 2.93 GHz times 0.625, the speed of each of two busy
        siblings under the catalog's `smtThroughput` 1.25: 3,479 cycles under the lock and
        51,275 outside. (Converted at the full clock, the sharing is counted twice: the
        holder runs 1.9 us of work at 0.625 of its speed, holds average 2.8 us, and owner
        spinning reaches 292,810 ops/s.) Both variants run this one description; only
        `ownerSpin` changes.

        Which idle states the test box entered is not in the post, and it decides the run
        without spinning, whose CPUs sit idle while tasks sleep on the mutex: with every
        Nehalem state reachable (C1E, C3, C6; intel_idle's exit latencies of 10, 20 and
        200 us), each wakeup of a CPU idle for a while pays a deep exit, and the model keeps
        about 2 of the 16 CPUs busy (376 ms of task-clock in 200 ms, 94,935 ops/s, 1,610
        context switches, against the post's 8.7 CPUs); with C1 only it keeps 5.8 busy. (With
        the idle search of later kernels' wakeups, below, it kept 2 and 7.6. The model's
        governor predicts each idle period exactly; 2.6.29's menu governor, which predicts
        one from the longer of the last two a CPU had, a trial not kept, fell the same way:
        1.67 CPUs busy, 83,105 ops/s.) So the kernel's idle latency limit is a fitted figure
        (`kernel.idleLatencyLimitUs` 3, which leaves C1 only, as a PM QoS request or
        `processor.max_cstate=1` would), and the task-clock row it was chosen on is marked
        fit. It was chosen when a woken task looked for an idle CPU; it is the least limit
        the machine file allows, so it cannot be fitted further, and the row now fails.

        A task woken while its CPU is busy stays queued there (`scheduler.wakeIdle` false):
        2.6.29's default scheduling domains set no `SD_WAKE_IDLE`, so `wake_idle()` keeps the
        CPU it was given (docs/model.md, wakeup placement). With the idle search of 2.6.32's
        `select_idle_sibling` instead, the run without spinning makes 285,655 ops/s (x1.59,
        under the band), 10,003 migrations and 39,177 context switches (a trial before
        the spinner's one re-read for writes seen together); without it, 234,845
        ops/s (x1.88), 3,808 and 22,280. Queued tasks leave CPUs idle: 5.7 of 16 are busy
        against the post's 8.7, and each operation costs 24.1 us of CPU against 36.2 us with
        spinning, where the post's two runs cost about the same per operation (task-clock
        x1.84 for ops x1.86). The model's operation is cheaper when CPUs idle because a
        thread whose sibling idles runs at its full speed (SMT sharing), and because sleeping
        and waking cost only their priced paths: the cache misses a woken task takes on the
        directory's lines are not modelled.
        The absolute figures are not banded: the simulated runs are 200 ms long, and the
        post's counters (task clock, migrations, context switches) are quoted from an earlier
        message of the thread (the `>>` lines under "Look at the performance counter
        stats"), a run whose machine and length the post does not give, beside the ops/s of
        Ingo Molnar's 16-way boxes; only their ratios are compared. Read as one run of 1.4 s
        at 281,595 ops/s, they would mean one context switch per 55 operations without
        spinning, where the model switches once per two. Without spinning, far more tasks
        sleep and wake in the model than that count suggests: the unlock wakes the first waiter where it stands on the wait list, and a
        woken waiter takes about 3 us to reach its `xchg`, by which time a running task has
        often taken the lock. The two rows per task-clock second, which VALIDATION.md added so
        that the ratios cannot pass in a wrong regime, fail by that factor and are left to
        fail: no parameter was moved for them. The post's own figures forbid its count for
        one run of this mutex: held 1.9 us at 281,595 ops/s, the lock is busy 53% of the
        time, so about half of all arrivals find it held, and without owner spinning such a
        task sleeps unless its one `xchg` under the wait lock finds the lock just released.
        One switch per 55 operations would need 98% of acquisitions uncontended, which would
        leave owner spinning almost nothing to gain, against the post's x1.86.

        The post does not say whether the box had Hyper-Threading. The catalog's stand-in,
        two quad-core Nehalem-EPs with it (16 CPUs on 8 cores), went on sale in March 2009,
        two months after the post, so a 16-way box of January 2009 may as well have had 16
        cores of its own (four quad-core sockets). docs/calibration.md's stand-ins section
        gives the rows under both answers, each with the cycles its answer derives from the
        post's times. Under both, the run without spinning keeps about 5.7 of the 16
        CPUs busy against the post's 8.7, so the task-clock row fails under both (x2.82 and
        x2.74). With hyper-threads, the speed-up of owner spinning is inside the band (x1.88): a
        thread whose sibling idles runs at its full speed, so the operations of the run
        without spinning are cheaper, which makes up part of its shortfall of busy CPUs; that
        row passes partly for a reason the task-clock row shows to be wrong. With 16 CPUs
        that share nothing there is no such make-up, and the speed-up is over the band
        (x2.21). The catalog's `smtThroughput` (1.25 for every Intel Hyper-Threading part) is
        an estimate no measurement of test-mutex gives.
        """;
  }
}
