package org.locksim.validation;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.locksim.run.RunResult;
import org.locksim.scenario.Scenario;

/**
 * What V6's published totals say about the time of one acquisition, beside the model's: a
 * comparison of absolute hand-off costs, which the CNA / stock ratios alone do not show.
 *
 * <p>The letter's totals are counts over runs of unstated length, so only their ratios to the
 * one-thread total carry information, and that ratio mixes two things at one thread: the loop's
 * own time, and locktorture's 100 ms {@code mdelay}, which a writer holds the lock for with
 * probability 1 / (200,000 n) per acquisition (kernel/locking/locktorture.c, v5.12,
 * {@code torture_spin_lock_write_delay}). Between two such holds come 200,000 n acquisitions
 * of H each, so a long run spends the fraction f(n) = 100 ms / (100 ms + 200,000 n H) of its
 * running time inside one: half of it at one thread, where H is the whole loop, a few percent
 * from 36 threads up. The simulated window (36 ms) seldom holds one (at one thread about one
 * window in six; the bundled seed draws none), so the model's H comes straight from its
 * window, and a window that did draw one is said to be unusable. The published H of n threads follows from the loop time at
 * one thread, L, which the model gives from a run without stutter:
 *
 * <pre>
 *   X(n) / X(1) = ((1 - f(n)) / H(n)) / ((1 - f(1)) / L)
 * </pre>
 *
 * solved for H(n) by fixed-point iteration. L is mostly the 2 us {@code udelay} that a lone
 * writer takes on one acquisition in four, so it hardly depends on the machine; the stutter
 * pauses cancel, since every thread count has the same.
 */
final class V6PerAcquisition {
  /** locktorture's long hold ({@code longdelay_ms}), picoseconds. */
  static final double LONG_HOLD_PS = 100e9;
  /** Acquisitions per long hold and writer: 2,000 times {@code longdelay_ms}. */
  static final double PER_LONG_HOLD = 200_000;

  private V6PerAcquisition() { }

  /**
   * The share of a long run's time spent in the 100 ms hold, at {@code n} writers and
   * {@code hPs} per acquisition.
   */
  static double heldShare(int n, double hPs) {
    return LONG_HOLD_PS / (LONG_HOLD_PS + PER_LONG_HOLD * n * hPs);
  }

  /**
   * The time of one acquisition at {@code n} writers that a published ratio {@code x(n) / x(1)}
   * implies, given the loop time at one writer {@code loopPs}.
   */
  static double implied(int n, double ratio, double loopPs) {
    double one = 1 - heldShare(1, loopPs);
    double h = loopPs / ratio;
    for (int i = 0; i < 100; i++) {
      double next = loopPs * (1 - heldShare(n, h)) / (one * ratio);
      if (Math.abs(next - h) < 1e-6 * h) {
        return next;
      }
      h = next;
    }
    return h;
  }

  /** The markdown table: per thread count, published and simulated time per acquisition. */
  static String markdown(ScenarioSource source, Map<String, Long> totals) {
    Scenario lone = source.with(V6CnaLocktorture.FILE, List.of("workload.stutterJiffies=0"))
        .load(V6CnaLocktorture.FILE).stream().filter(s -> s.variant().equals("stock-1"))
        .findFirst().orElseThrow();
    RunResult free = source.run(lone, lone.run().seed());
    double window = lone.run().durationPs();
    double loop = window / free.ops();
    // The stutter's share of running time: the same for every thread count.
    double running = totals.get("stock-1") / (double) free.ops();
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT, """
        Time per acquisition (ns), from the letter's totals and from the model's window \
        (computed by `validate`; one writer's loop without stutter, L, is %.0f ns in the \
        model, and the test runs %.0f%% of the time between stutter pauses):

        """, loop / 1000, 100 * running));
    if (running < 0.3) {
      // Stutter alone leaves the test running about half the time: a one-thread window this
      // short of the loop's rate drew the 100 ms hold, and the times below mean nothing.
      sb.append("(The one-thread window drew the 100 ms hold: this table is not usable.)\n\n");
    }
    sb.append("| threads | stock, published | stock, model | model vs published")
        .append(" | CNA, published | CNA, model | model vs published |\n")
        .append("|---|---|---|---|---|---|---|\n");
    int[] threads = V6CnaLocktorture.THREADS;
    double[][] pub = V6CnaLocktorture.PUBLISHED;
    for (int i = 1; i < threads.length; i++) {
      int n = threads[i];
      sb.append("| ").append(n);
      String[] locks = {"stock-", "cna-"};
      for (int l = 0; l < 2; l++) {
        double published = implied(n, pub[l][i] / pub[l][0], loop);
        double model = window * running / totals.get(locks[l] + n);
        sb.append(String.format(Locale.ROOT, " | %.0f | %.0f | %+.0f%%", published / 1000,
            model / 1000, 100 * (model / published - 1)));
      }
      sb.append(" |\n");
    }
    return sb.toString();
  }
}
