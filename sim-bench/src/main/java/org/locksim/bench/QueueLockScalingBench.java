package org.locksim.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
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
 * End to end, cost as machines grow: one task per CPU on one kernel spin lock (ticket or MCS),
 * each holding it 100 ns and working 2 us outside it, for 21 simulated milliseconds, on V6's
 * four-socket Xeon E7-8895 v3 cut to 2, 6 and all 18 two-thread cores per socket (16, 48 and
 * 144 CPUs), with the machine's home queue and with its occupancy set to zero. The score is wall
 * seconds per run; {@link RunFigures} adds simulated seconds, events and acquisitions per wall
 * second, so wall time per simulated acquisition can be compared from 16 to 144 CPUs. Run from
 * the project's root: {@code java -jar sim-bench/target/benchmarks.jar QueueLockScalingBench}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 1, time = 5)
@Measurement(iterations = 3, time = 5)
@Fork(1)
public class QueueLockScalingBench {
  private static final String MACHINE = "xeon-e7-8895v3-4s";

  @Param({"16", "48", "144"})
  int cpus;

  @Param({"spin.ticket", "queued.mcs"})
  String algorithm;

  @Param({"catalog", "none"})
  String homeQueue;

  private Scenario scenario;

  @Setup(Level.Trial)
  public void load() {
    scenario = load(cpus, algorithm, homeQueue);
  }

  static Scenario load(int cpus, String algorithm, String homeQueue) {
    List<String> sets = new ArrayList<>(List.of("machine=" + MACHINE,
        "machine.topology.clusters=" + clustersWithCores(cpus / 8),
        "locks[0].algorithm=" + algorithm, "workload.tasks=" + cpus));
    if (homeQueue.equals("none")) {
      sets.add("machine.coherence.occupancy.value=0");
    }
    Scenario s = Reproductions.benchInput("queue-lock-scaling.json", sets.toArray(String[]::new));
    if (s.machine().cpuCount() != cpus) {
      throw new IllegalStateException(MACHINE + " cut to " + cpus / 8 + " cores per socket has "
          + s.machine().cpuCount() + " CPUs, not " + cpus);
    }
    return s;
  }

  /**
   * The catalog model's clusters (the four sockets keep one cluster of two-thread cores), with
   * {@code cores} cores each and every other number, frequency and its source included, as the
   * catalog has it.
   */
  private static String clustersWithCores(int cores) {
    String resource = "/org/locksim/cpu/models/" + MACHINE + ".json";
    try (InputStream in = QueueLockScalingBench.class.getResourceAsStream(resource)) {
      ObjectMapper json = new ObjectMapper();
      ArrayNode clusters = (ArrayNode) json.readTree(in).get("topology").get("clusters");
      clusters.forEach(c -> ((ObjectNode) c).put("cores", cores));
      return json.writeValueAsString(clusters);
    } catch (IOException e) {
      throw new UncheckedIOException(resource, e);
    }
  }

  @Benchmark
  public long twentyOneSimulatedMs(RunFigures figures) {
    return figures.run(scenario);
  }
}
