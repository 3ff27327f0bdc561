package org.locksim.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.locksim.run.RunResult;
import org.locksim.run.Simulator;
import org.locksim.scenario.Scenario;
import org.locksim.scenario.ScenarioLoader;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * End to end: every CPU but two runs a task on one kernel spin lock (ticket or MCS), on a
 * two-socket 40-CPU machine and on V6's four-socket 144-CPU machine, for 20 simulated
 * milliseconds, with the machine's home queue and with its occupancy set to zero. The score is
 * wall seconds per 20 simulated ms; {@link #main} prints simulated seconds per wall second and
 * events per acquisition. Run from the project's root:
 * {@code java -jar sim-bench/target/benchmarks.jar QueueLockScalingBench}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
@Fork(1)
public class QueueLockScalingBench {
  @Param({"amd64-2015-2s40t", "xeon-e7-8895v3-4s"})
  String machine;

  @Param({"spin.ticket", "queued.mcs"})
  String algorithm;

  @Param({"catalog", "none"})
  String homeQueue;

  private Scenario scenario;

  @Setup(Level.Trial)
  public void load() {
    scenario = load(machine, algorithm, homeQueue);
  }

  static Scenario load(String machine, String algorithm, String homeQueue) {
    int cpus = ScenarioLoader.standard().load(Path.of("sim-bench", "scenarios",
        "queue-lock-scaling.json"), List.of("machine=" + machine)).get(0).machine().cpuCount();
    List<String> sets = new ArrayList<>(List.of("machine=" + machine,
        "locks[0].algorithm=" + algorithm, "workload.tasks=" + (cpus - 2)));
    if (homeQueue.equals("none")) {
      sets.add("machine.coherence.occupancy.value=0");
    }
    return ScenarioLoader.standard().load(
        Path.of("sim-bench", "scenarios", "queue-lock-scaling.json"), sets).get(0);
  }

  @Benchmark
  public long twentySimulatedMs() {
    return Simulator.run(scenario, 1).ops();
  }

  /** Prints simulated seconds per wall second and events per acquisition, once each. */
  public static void main(String[] args) {
    for (String m : List.of("amd64-2015-2s40t", "xeon-e7-8895v3-4s")) {
      for (String a : List.of("spin.ticket", "queued.mcs")) {
        for (String h : List.of("catalog", "none")) {
          Scenario s = load(m, a, h);
          Simulator.run(s, 1);
          long t0 = System.nanoTime();
          RunResult r = Simulator.run(s, 1);
          double wall = (System.nanoTime() - t0) / 1e9;
          System.out.printf("%s %s home=%s: %.4f simulated s per wall s, %.1f events per acquisition,"
              + " %.0f ops/s simulated%n", m, a, h, r.elapsedSeconds() / wall,
              (double) r.events() / r.ops(), r.ops() / r.elapsedSeconds());
        }
      }
    }
  }
}
