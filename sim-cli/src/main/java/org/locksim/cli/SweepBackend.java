package org.locksim.cli;

import org.locksim.run.Simulator;
import org.locksim.sweep.SweepRunner;

/**
 * Where the runs of a sweep happen: on this machine's cores ({@link #LOCAL}) or elsewhere (the
 * sim-spark module runs them as a Spark job). Whatever runs them, each run's figures land in
 * the slot of its point and repeat, so the table does not depend on the backend.
 */
public interface SweepBackend {
  /** Describes where the runs go, for the line a sweep starts with, e.g. {@code "4 workers"}. */
  String describe(SweepPlan plan);

  /**
   * Runs the plan's runs that {@link SweepPlan#known()} lacks and returns every run's figures,
   * per point and repeat.
   *
   * @param finished hears of each run's figures as it ends (the journal), one run at a time
   * @param progress hears how many runs are done
   */
  double[][][] run(SweepPlan plan, SweepRunner.Finished finished, SweepRunner.Progress progress);

  /** The runs on a pool of {@code --jobs} threads of this machine. */
  SweepBackend LOCAL = new SweepBackend() {
    @Override
    public String describe(SweepPlan plan) {
      return plan.workers() + " worker" + (plan.workers() == 1 ? "" : "s");
    }

    @Override
    public double[][][] run(SweepPlan plan, SweepRunner.Finished finished, SweepRunner.Progress progress) {
      return SweepRunner.run(plan.points(), plan.repeat(), plan.seed(), plan.workers(), plan.known(),
          (s, sd) -> SweepPlan.measure(Simulator.run(s, sd), plan.figures()), finished, progress);
    }
  };
}
