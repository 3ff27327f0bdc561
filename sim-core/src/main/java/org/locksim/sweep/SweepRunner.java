package org.locksim.sweep;

import java.util.ArrayList;
import java.util.Arrays;
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

  /** Hears of each run's figures as it ends, before its worker starts another run. */
  @FunctionalInterface
  public interface Finished {
    void finished(int point, int repeat, double[] figures);
  }

  private SweepRunner() {
  }

  /** As {@link #run(List, int, Long, int, double[][][], Measure, Finished, Progress)}, from nothing known. */
  public static double[][][] run(List<SweepPoint> points, int repeat, Long firstSeed, int workers,
      Measure measure, Progress progress) {
    return run(points, repeat, firstSeed, workers, new double[points.size()][repeat][], measure,
        (p, r, f) -> { }, progress);
  }

  /** The seed of a point's run {@code repeat}: the first seed (or the scenario's) plus the repeat. */
  public static long seed(SweepPoint point, Long firstSeed, int repeat) {
    return (firstSeed != null ? firstSeed : point.scenario().run().seed()) + repeat;
  }

  /** How many of {@code known}'s runs are done. */
  public static int done(double[][][] known) {
    int n = 0;
    for (double[][] point : known) {
      for (double[] run : point) {
        n += run != null ? 1 : 0;
      }
    }
    return n;
  }

  /**
   * Runs the sweep's runs that {@code known} lacks and returns, per point and repeat, the
   * figures {@code measure} gave (or {@code known} held).
   *
   * @param firstSeed the seed of each point's first run, or null for each scenario's own
   *     {@code run.seed}; repeat {@code i} uses that seed plus {@code i}
   * @param workers threads to run on, at least 1
   * @param known per point and repeat, the figures of runs done before, null for the others;
   *     filled in as runs end
   * @param finished hears of each run that ends, from its worker, before it starts another
   */
  public static double[][][] run(List<SweepPoint> points, int repeat, Long firstSeed, int workers,
      double[][][] known, Measure measure, Finished finished, Progress progress) {
    if (repeat < 1 || workers < 1) {
      throw new IllegalArgumentException("repeat and workers must be at least 1");
    }
    if (known.length != points.size() || Arrays.stream(known).anyMatch(k -> k.length != repeat)) {
      throw new IllegalArgumentException("known holds a slot per point and repeat");
    }
    double[][][] out = known;
    int total = points.size() * repeat;
    AtomicInteger done = new AtomicInteger(done(known));
    ExecutorService pool = Executors.newFixedThreadPool(workers, r -> {
      Thread t = new Thread(r, "locksim-sweep");
      t.setDaemon(true);
      return t;
    });
    try {
      List<Future<?>> futures = new ArrayList<>(total);
      for (int p = 0; p < points.size(); p++) {
        Scenario s = points.get(p).scenario();
        for (int i = 0; i < repeat; i++) {
          if (out[p][i] != null) {
            continue;
          }
          int point = p;
          int rep = i;
          long seed = seed(points.get(p), firstSeed, i);
          futures.add(pool.submit(() -> {
            double[] figures = measure.apply(s, seed);
            finished.finished(point, rep, figures);
            out[point][rep] = figures;
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
