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
 * End to end: V4's kernel build on the 16-CPU machine (16 compile jobs, make -j16, before
 * and after seed 000's change), one whole build per operation, in a JVM capped at 512 MB of
 * heap. The score is wall seconds per build; {@link #main} prints simulated seconds per wall
 * second and kernel entries per wall second. Run from the project's root:
 * {@code java -jar sim-bench/target/benchmarks.jar BuildRunBench}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
@Fork(value = 1, jvmArgsAppend = "-Xmx512m")
public class BuildRunBench {
  @Param({"16cpu-before", "16cpu-after"})
  String variant;

  private Scenario scenario;

  @Setup(Level.Trial)
  public void load() {
    scenario = load(variant);
  }

  static Scenario load(String variant) {
    List<Scenario> all = ScenarioLoader.standard().load(
        Path.of("scenarios", "v4-openbsd-mtx-enter.json"), List.of());
    return all.stream().filter(s -> s.variant().equals(variant)).findFirst().orElseThrow();
  }

  @Benchmark
  public long oneBuild() {
    return Simulator.run(scenario, 1).ops();
  }

  /** Prints simulated seconds and events per wall second for each variant, once. */
  public static void main(String[] args) {
    for (String v : List.of("16cpu-before", "16cpu-after")) {
      Scenario s = load(v);
      long t0 = System.nanoTime();
      RunResult r = Simulator.run(s, 1);
      double wall = (System.nanoTime() - t0) / 1e9;
      System.out.printf("%s: %.2f simulated s in %.2f wall s (%.2f simulated s per wall s), %.0f events per wall s,"
          + " heap used %d MB%n", v, r.elapsedSeconds(), wall, r.elapsedSeconds() / wall, r.events() / wall,
          (Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory()) >> 20);
    }
  }
}
