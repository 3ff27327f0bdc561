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
 * End to end, the locktorture family: V6's spin_lock torture with stock qspinlock and with CNA,
 * every CPU but two running a writer, on V6's four-socket 144-CPU machine (142 writers) and on
 * the one-socket 16-CPU machine (14 writers), for the scenario's 40 simulated milliseconds (4 of
 * warm-up). The score is wall seconds per run; {@link RunFigures} adds simulated seconds, events
 * and acquisitions per wall second. Run from the project's root:
 * {@code java -jar sim-bench/target/benchmarks.jar LockTortureBench}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 1, time = 5)
@Measurement(iterations = 3, time = 5)
@Fork(1)
public class LockTortureBench {
  @Param({"stock", "cna"})
  String lock;

  @Param({"16", "144"})
  int cpus;

  private Scenario scenario;

  @Setup(Level.Trial)
  public void load() {
    scenario = cpus == 144
        ? Reproductions.bundled("v6-cna-locktorture.json", lock + "-142")
        : Reproductions.bundled("v6-cna-locktorture.json", lock + "-142",
            "machine=amd64-16cpu", "workload.writers=14");
  }

  @Benchmark
  public long oneRun(RunFigures figures) {
    return figures.run(scenario);
  }
}
