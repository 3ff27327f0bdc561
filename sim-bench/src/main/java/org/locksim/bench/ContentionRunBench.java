package org.locksim.bench;

import java.util.concurrent.TimeUnit;
import org.locksim.scenario.Scenario;
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
 * End to end, the storm family: V2 (16 CPUs, 128 tasks, one adaptive mutex) for one simulated
 * second per operation, with and without owner spinning. The score is wall seconds per run;
 * {@link RunFigures} adds simulated seconds, events and acquisitions per wall second. Run from
 * the project's root: {@code java -jar sim-bench/target/benchmarks.jar ContentionRunBench}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 1, time = 5)
@Measurement(iterations = 3, time = 5)
@Fork(1)
public class ContentionRunBench {
  @Param({"owner-spin", "no-owner-spin"})
  String variant;

  /** Where the engine keeps its pending events: the default binary heap, the calendar queue or the radix heap. */
  @Param({"binary-heap", "calendar", "radix-heap"})
  String queue;

  private Scenario scenario;

  @Setup(Level.Trial)
  public void load() {
    scenario = Reproductions.bundled("v2-linux-adaptive-spin.json", variant,
        "run.warmupMs=0", "run.durationMs=1000");
  }

  @Benchmark
  public long oneSimulatedSecond(RunFigures figures) {
    return figures.run(scenario, queue);
  }
}
