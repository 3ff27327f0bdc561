package org.locksim.c2c;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.locksim.cpu.CpuModel;
import org.locksim.cpu.CpuSlot;
import org.locksim.engine.Simulation;
import org.locksim.machine.FastPath;
import org.locksim.machine.KernelConfig;
import org.locksim.machine.Machine;
import org.locksim.machine.ReleaseStyle;
import org.locksim.metrics.LatencyMatrix;
import org.locksim.metrics.PairKind;
import org.locksim.run.Parallel;
import org.locksim.sched.Kernel;
import org.locksim.sched.SchedConfig;
import org.locksim.workload.PingPong;

/**
 * Measures one-way core-to-core latencies of a CPU model with the CAS ping-pong, one simulation
 * per pair: the machine, an SMP kernel with the default scheduler, and the two pinned tasks,
 * nothing else (no timer ticks: the tasks never wait for the scheduler, and no other task
 * runs). Each pair's result lands in its own slot, so the table is the same for any number of
 * workers.
 */
public final class CoreToCore {
  /** Simulated time after which a pair that has not finished is a fault (1 s). */
  private static final long LIMIT_PS = 1_000_000_000_000L;

  /** Hears of each pair that is done, from whichever worker measured it. */
  @FunctionalInterface
  public interface Progress {
    void finished(int pairsDone, int pairsInAll);
  }

  private CoreToCore() { }

  /**
   * The median one-way time in nanoseconds between {@code ping} and {@code pong}, over
   * {@code samples} samples of {@code roundTrips} round trips.
   */
  public static double oneWayNs(CpuModel model, int ping, int pong, int samples, int roundTrips) {
    Simulation sim = new Simulation();
    Machine machine = new Machine(model,
        new KernelConfig(true, FastPath.OUT_OF_LINE, ReleaseStyle.XCHG, 1000, false));
    Kernel kernel = new Kernel(sim, machine, SchedConfig.defaults(), null);
    PingPong.Samples s = PingPong.between(ping, pong, samples, roundTrips).begin(kernel);
    kernel.stopWhenAllExit();
    sim.runUntil(LIMIT_PS);
    if (s.count() != samples) {
      throw new IllegalStateException("the ping-pong between CPUs " + ping + " and " + pong
          + " of " + model.name() + " took " + s.count() + " of " + samples + " samples in 1 s");
    }
    return s.medianNs();
  }

  /**
   * The table for every pair of {@code cpus} (ascending CPU numbers of {@code model}), measured
   * on {@code workers} threads.
   */
  public static LatencyMatrix matrix(CpuModel model, int[] cpus, int samples, int roundTrips,
      int workers, Progress progress) {
    if (workers < 1) {
      throw new IllegalArgumentException("workers must be at least 1");
    }
    int n = cpus.length;
    List<CpuSlot> slots = model.topology().cpus();
    double[][] ns = new double[n][n];
    PairKind[][] kinds = new PairKind[n][n];
    int total = n * (n - 1) / 2;
    AtomicInteger done = new AtomicInteger();
    List<int[]> pairs = new ArrayList<>(total);
    for (int i = 1; i < n; i++) {
      for (int j = 0; j < i; j++) {
        pairs.add(new int[] {i, j});
        kinds[i][j] = kind(model, slots.get(cpus[i]), slots.get(cpus[j]));
        kinds[j][i] = kinds[i][j];
      }
    }
    List<Double> measured = Parallel.map(pairs, workers, p -> {
      double v = oneWayNs(model, cpus[p[0]], cpus[p[1]], samples, roundTrips);
      progress.finished(done.incrementAndGet(), total);
      return v;
    });
    for (int k = 0; k < pairs.size(); k++) {
      int[] p = pairs.get(k);
      ns[p[0]][p[1]] = measured.get(k);
      ns[p[1]][p[0]] = measured.get(k);
    }
    return new LatencyMatrix(model.name(), cpus.clone(), ns, kinds, samples, roundTrips);
  }

  /** How two CPUs of {@code model} stand to each other. */
  public static PairKind kind(CpuModel model, CpuSlot a, CpuSlot b) {
    if (a.socket() != b.socket()) {
      return PairKind.OTHER_SOCKET;
    }
    if (a.core() == b.core()) {
      return PairKind.SMT_SIBLING;
    }
    if (model.topology().clusters().size() == 1) {
      return PairKind.SAME_SOCKET;
    }
    return a.cluster() == b.cluster() ? PairKind.SAME_CLUSTER : PairKind.OTHER_CLUSTER;
  }
}
