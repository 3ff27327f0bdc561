package org.locksim.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.locksim.scenario.Scenario;

/**
 * Runs every point of a sweep {@code repeat} times on a pool of worker threads. Each run is
 * independent (a simulation holds no shared state) and its figures land in a slot fixed by its
 * point and repeat, so the results are identical for any number of workers; only the wall time
 * changes.
 */
public final class SweepRunner {
  /** What one run of a scenario measures: its figures, in a fixed order. */
  @FunctionalInterface
  public interface Measure {
    double[] apply(Scenario scenario, long seed);
  }

  /** Hears of each run that ends, from whichever worker ran it. */
  @FunctionalInterface
  public interface Progress {
    void finished(int runsDone, int runsInAll);
  }

  private SweepRunner() {
  }

  /**
   * Runs the sweep and returns, per point and repeat, the figures {@code measure} gave.
   *
   * @param firstSeed the seed of each point's first run, or null for each scenario's own
   *     {@code run.seed}; repeat {@code i} uses that seed plus {@code i}
   * @param workers threads to run on, at least 1
   */
  public static double[][][] run(List<SweepPoint> points, int repeat, Long firstSeed, int workers,
      Measure measure, Progress progress) {
    if (repeat < 1 || workers < 1) {
      throw new IllegalArgumentException("repeat and workers must be at least 1");
    }
    double[][][] out = new double[points.size()][repeat][];
    int total = points.size() * repeat;
    AtomicInteger done = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(workers, r -> {
      Thread t = new Thread(r, "locksim-sweep");
      t.setDaemon(true);
      return t;
    });
    try {
      List<Future<?>> futures = new ArrayList<>(total);
      for (int p = 0; p < points.size(); p++) {
        Scenario s = points.get(p).scenario();
        long seed0 = firstSeed != null ? firstSeed : s.run().seed();
        for (int i = 0; i < repeat; i++) {
          int point = p;
          int rep = i;
          futures.add(pool.submit(() -> {
            out[point][rep] = measure.apply(s, seed0 + rep);
            progress.finished(done.incrementAndGet(), total);
          }));
        }
      }
      for (Future<?> f : futures) {
        f.get();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("sweep interrupted", e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException re) {
        throw re;
      }
      if (cause instanceof Error err) {
        throw err;
      }
      throw new IllegalStateException(cause);
    } finally {
      pool.shutdownNow();
    }
    return out;
  }
}
