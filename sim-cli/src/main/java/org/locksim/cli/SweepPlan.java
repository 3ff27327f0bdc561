package org.locksim.cli;

import java.nio.file.Path;
import java.util.List;
import org.locksim.run.RunResult;
import org.locksim.sweep.Axis;
import org.locksim.sweep.SweepPoint;

/**
 * A sweep as {@code locksim sweep} parsed and expanded it, for a {@link SweepBackend} to run.
 *
 * @param file the scenario file
 * @param sets the {@code --set} overrides applied at every point
 * @param axes the {@code --vary} axes
 * @param points the scenarios, in table order
 * @param repeat runs per point
 * @param seed the first seed, or null for each scenario's own
 * @param figures what each run measures, in column order
 * @param workers the {@code --jobs} worker threads of the local backend
 * @param known per point and repeat, the figures of runs already done (from a journal), null
 *     for those still to run
 * @param plugins the {@code --plugin} jars whose algorithms the scenario may name (a backend
 *     that runs elsewhere ships them)
 */
public record SweepPlan(Path file, List<String> sets, List<Axis> axes, List<SweepPoint> points,
    int repeat, Long seed, List<Figure> figures, int workers, double[][][] known,
    List<Path> plugins) {
  public SweepPlan {
    plugins = List.copyOf(plugins);
    sets = List.copyOf(sets);
    axes = List.copyOf(axes);
    points = List.copyOf(points);
    figures = List.copyOf(figures);
  }

  /** How many runs the sweep has in all. */
  public int runs() {
    return points.size() * repeat;
  }

  /** The figures of one run, in column order. */
  public static double[] measure(RunResult r, List<Figure> figures) {
    double[] v = new double[figures.size()];
    for (int i = 0; i < v.length; i++) {
      v[i] = figures.get(i).of(r);
    }
    return v;
  }
}
