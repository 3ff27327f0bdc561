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
            Row.fmt(ca) + " -> " + Row.fmt(cb), 1.0000001, Double.POSITIVE_INFINITY, "fewer with spinning"));
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
        outside the lock, in cycles at the model's 2.93 GHz. Both variants run this one
        description; only `ownerSpin` changes.

        Which idle states the test box entered is not in the post, and it decides the run
        without spinning, whose CPUs sit idle while tasks sleep on the mutex: with every
        Nehalem state reachable (C1E, C3, C6; intel_idle's exit latencies of 10, 20 and
        200 us), each wakeup of a CPU idle for a while pays a deep exit, and the model keeps
        about 2 of the 16 CPUs busy (405 ms of task-clock in 200 ms, 66,275 ops/s, 1,329
        context switches, against the post's 8.7 CPUs); with C1 only it keeps 8.2 busy. So
        the kernel's idle latency limit is a fitted figure (`kernel.idleLatencyLimitUs` 3,
        which leaves C1 only, as a PM QoS request or `processor.max_cstate=1` would), and the
        task-clock row it was chosen on is marked fit.
        The absolute figures are not banded: the simulated runs are 200 ms long, and their
        throughput is a fifth (spinning) to a quarter (not spinning) below the published
        one. Without spinning, far more tasks sleep and wake than the post's context-switch
        count suggests: the unlock wakes the first waiter where it stands on the wait list,
        and a woken waiter takes about 3 us to reach its `xchg`, by which time a running
        task has often taken the lock.

        The box is two quad-core Nehalems with Hyper-Threading: 16 CPUs on 8 cores. Since
        the hyper-threads of a core share it while both compute (docs/model.md, SMT
        sharing), the speed-up of owner spinning is x1.48 and the ops/s row fails; it was
        x1.72 when each thread ran as if alone. The row hangs on how much two threads of this
        workload take from each other, the cluster's `smtThroughput`, which the catalog sets
        at 1.25 for every Intel Hyper-Threading part and no measurement of test-mutex gives:
        at 1.0, 1.25, 1.5 and 2.0 (none shared) the speed-up is x1.38, x1.48, x1.57 and x1.72
        (a copy of the scenario with the cluster's value changed, measured when a sibling's
        every change re-timed the other's burst at once and before spinners' loop phases were
        drawn; together these moved the bundled run from x1.47 to x1.48). Owner spinning keeps more
        threads computing at once, so it loses more to sharing than the sleeping mutex does.
        The post's x1.86 is above every one of them; file creation and removal in one
        directory are miss-bound kernel paths, which share a core better than the 25% the
        catalog assumes, and the model has one `smtThroughput` per cluster, not per workload.
        """;
  }
}
