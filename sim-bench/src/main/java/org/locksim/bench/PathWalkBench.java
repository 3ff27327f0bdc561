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
 * End to end, the path-walk family: V3's `find` on tmpfs (40 processes on the two-socket
 * 40-thread machine, a mount mutex taken per step), one whole walk per operation, for the stock
 * mutex and the two patched ones. The score is wall seconds per walk; {@link RunFigures} adds
 * simulated seconds, events and acquisitions per wall second. Run from the project's root:
 * {@code java -jar sim-bench/target/benchmarks.jar PathWalkBench}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 1, time = 5)
@Measurement(iterations = 3, time = 5)
@Fork(1)
public class PathWalkBench {
  @Param({"vanilla", "patched", "patched2"})
  String variant;

  private Scenario scenario;

  @Setup(Level.Trial)
  public void load() {
    scenario = Reproductions.bundled("v3-freebsd-test-before-cas.json", variant);
  }

  @Benchmark
  public long oneWalk(RunFigures figures) {
    return figures.run(scenario);
  }
}
