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
 * End to end, the build family: V4's kernel build on the 16-CPU machine (make -j16, before and
 * after seed 000's change to `mtx_enter`) and on the M2 Pro (arm64, whose failed passes of
 * `mtx_enter` wait on the line instead of costing an event each), one whole build per
 * operation, in a JVM capped at 256 MB of heap. The score is wall seconds per build;
 * {@link RunFigures} adds simulated seconds, events and acquisitions per wall second. Run from
 * the project's root:
 * {@code java -jar sim-bench/target/benchmarks.jar BuildRunBench}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 1, time = 5)
@Measurement(iterations = 3, time = 5)
@Fork(value = 1, jvmArgsAppend = "-Xmx256m")
public class BuildRunBench {
  @Param({"16cpu-before", "16cpu-after", "m2pro-before", "m2pro-after"})
  String variant;

  /** Where the engine keeps its pending events: the default binary heap, the calendar queue or the radix heap. */
  @Param({"binary-heap", "calendar", "radix-heap"})
  String queue;

  private Scenario scenario;

  @Setup(Level.Trial)
  public void load() {
    scenario = Reproductions.bundled("v4-openbsd-mtx-enter.json", variant);
  }

  @Benchmark
  public long oneBuild(RunFigures figures) {
    return figures.run(scenario, queue);
  }
}
