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
 * End to end: V6's locktorture at 142 writer threads on the four-socket, 144-CPU machine, with
 * stock qspinlock and with CNA, for the scenario's 40 simulated milliseconds (4 of warm-up). The
 * score is wall seconds per run; {@link #main} prints simulated seconds per wall second and the
 * heap in use after the run. Run from the project's root:
 * {@code java -jar sim-bench/target/benchmarks.jar LockTortureBench}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
@Fork(1)
public class LockTortureBench {
  @Param({"stock-142", "cna-142"})
  String variant;

  private Scenario scenario;

  @Setup(Level.Trial)
  public void load() {
    scenario = load(variant);
  }

  static Scenario load(String variant) {
    return ScenarioLoader.standard().load(Path.of("scenarios", "v6-cna-locktorture.json"), List.of())
        .stream().filter(s -> s.variant().equals(variant)).findFirst().orElseThrow();
  }

  @Benchmark
  public long oneRun() {
    return Simulator.run(scenario, 1).ops();
  }

  /** Prints simulated seconds per wall second, events per acquisition and heap in use, once each. */
  public static void main(String[] args) {
    for (String v : List.of("stock-142", "cna-142")) {
      Scenario s = load(v);
      Simulator.run(s, 1);
      System.gc();
      long t0 = System.nanoTime();
      RunResult r = Simulator.run(s, 1);
      double wall = (System.nanoTime() - t0) / 1e9;
      Runtime rt = Runtime.getRuntime();
      double simulated = (s.run().warmupPs() + s.run().durationPs()) / 1e12;
      System.out.printf("%s: %.4f simulated s per wall s, %.1f events per acquisition, %.0f MB heap in use%n",
          v, simulated / wall, (double) r.events() / r.ops(), (rt.totalMemory() - rt.freeMemory()) / 1e6);
    }
  }
}
