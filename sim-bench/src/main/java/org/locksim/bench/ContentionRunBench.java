package org.locksim.bench;

import java.nio.file.Path;
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
 * End to end: the V2 scenario (16 CPUs, 128 tasks, one mutex) for one simulated second per
 * operation. The score is wall seconds per simulated second; its inverse is the simulated
 * seconds per wall second, and the run's acquisitions over the score are the lock
 * acquisitions simulated per wall second (printed by {@link #main}). Run from the project's
 * root: {@code java -jar sim-bench/target/benchmarks.jar ContentionRunBench}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
@Fork(1)
public class ContentionRunBench {
  @Param({"owner-spin", "no-owner-spin"})
  String variant;

  private Scenario scenario;

  @Setup(Level.Trial)
  public void load() {
    scenario = load(variant);
  }

  static Scenario load(String variant) {
    List<Scenario> all = ScenarioLoader.standard().load(
        Path.of("scenarios", "v2-linux-adaptive-spin.json"),
        List.of("run.warmupMs=0", "run.durationMs=1000"));
    return all.stream().filter(s -> s.variant().equals(variant)).findFirst().orElseThrow();
  }

  @Benchmark
  public long oneSimulatedSecond() {
    return Simulator.run(scenario, 1).ops();
  }

  /** Prints simulated seconds and acquisitions per wall second for each variant, once. */
  public static void main(String[] args) {
    for (String v : List.of("owner-spin", "no-owner-spin")) {
      Scenario s = load(v);
      long t0 = System.nanoTime();
      RunResult r = Simulator.run(s, 1);
      double wall = (System.nanoTime() - t0) / 1e9;
      System.out.printf("%s: %.2f simulated s per wall s, %.0f acquisitions per wall s, %.0f events per wall s%n",
          v, r.elapsedSeconds() / wall, r.ops() / wall, r.events() / wall);
    }
  }
}
