package org.locksim.validation;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.locksim.run.Simulator;
import org.locksim.scenario.Scenario;
import org.locksim.scenario.ScenarioLoader;

/**
 * V3: test before CAS in FreeBSD's sleep mutex (seed 002, Mateusz Guzik, Nov 2015): 40
 * {@code find} processes on tmpfs contending on the mount mutex; mean elapsed time of
 * vanilla, patched and patched2 over repeated runs.
 */
public final class V3TestBeforeCas implements Reproduction {
  /** Runs per variant, with seeds 1, 2, ... */
  static final int RUNS = 3;

  @Override
  public String id() {
    return "V3";
  }

  @Override
  public String title() {
    return "Test before CAS in FreeBSD's sleep mutex (seed 002, 2015)";
  }

  @Override
  public String scenario() {
    return "v3-freebsd-test-before-cas.json";
  }

  /** Mean elapsed seconds of vanilla, patched, patched2. */
  public static double[] means(Path scenarios) {
    List<Scenario> v = ScenarioLoader.standard().load(scenarios.resolve("v3-freebsd-test-before-cas.json"), List.of());
    double[] out = new double[v.size()];
    for (int i = 0; i < v.size(); i++) {
      for (int s = 0; s < RUNS; s++) {
        out[i] += Simulator.run(v.get(i), v.get(i).run().seed() + s).elapsedSeconds() / RUNS;
      }
    }
    return out;
  }

  @Override
  public List<Row> run(Path scenarios) {
    double[] m = means(scenarios);
    double p = 100 * (m[1] / m[0] - 1);
    double p2 = 100 * (m[2] / m[1] - 1);
    return List.of(
        Row.range("patched vs vanilla", "15.13 -> 9.06 s (-40.1%)", p,
            String.format(Locale.ROOT, "%.4f -> %.4f s (%+.1f%%)", m[0], m[1], p), -50, -30, "-30% to -50%"),
        Row.range("patched2 vs patched", "9.06 -> 8.53 s (-5.9%)", p2,
            String.format(Locale.ROOT, "%.4f -> %.4f s (%+.1f%%)", m[1], m[2], p2), -12, 0, "0% to -12%"));
  }

  @Override
  public String notes() {
    return """
        Not reproduced yet. In the model the vanilla sleep path's CAS storms on every change
        of owner cost far more than the real machine paid, and the fast path's read before
        its CAS costs an extra transfer when the lock is free, which the real part hides. The
        effect depends strongly on how saturated the mount mutex is (with 30 us of lookup
        work per take there is no difference at all; with 1 to 10 us, -70% to -76%), and the
        post gives no tree size or per-entry cost to pin that down. Simulated repeats differ
        far less than the published ones (0.03% against 5%): nothing but the workload's own
        random draws perturbs a run.
        """;
  }
}
