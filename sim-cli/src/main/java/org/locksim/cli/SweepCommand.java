package org.locksim.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.locksim.report.AtomicOutput;
import org.locksim.run.RunResult;
import org.locksim.run.Simulator;
import org.locksim.scenario.ScenarioLoader;
import org.locksim.scenario.json.InputError;
import org.locksim.scenario.json.Location;
import org.locksim.sweep.Axis;
import org.locksim.sweep.SweepGrid;
import org.locksim.sweep.SweepPoint;
import org.locksim.sweep.SweepRunner;
import org.locksim.sweep.SweepTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code locksim sweep FILE --vary PATH=V1,V2,...}: runs a scenario's variants at every
 * combination of the values, on every core, and prints a figure table (CSV with {@code --csv}).
 */
@Command(name = "sweep", mixinStandardHelpOptions = true,
    description = "Runs a scenario at every combination of the --vary values (its variants at each)"
        + " on every core, and tabulates figures: each variant after the first with its change from"
        + " the first.")
final class SweepCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Parameters(paramLabel = "FILE", description = "the scenario file")
  Path file;

  @Option(names = "--vary", required = true, paramLabel = "PATH=V1,V2,...",
      description = "a field (as --set names it) and its values; repeat for a grid, the last varying fastest")
  List<String> vary = new ArrayList<>();

  @Option(names = "--variant", paramLabel = "NAME", description = "only these variants, in this order (repeatable)")
  List<String> variants = new ArrayList<>();

  @Option(names = {"--figure", "--metric"}, paramLabel = "F", split = ",",
      description = "figures to tabulate: ${COMPLETION-CANDIDATES} (default: elapsed,ops,sys;"
          + " --metric is the name compare used)")
  List<Figure> figures = new ArrayList<>();

  @Option(names = "--repeat", paramLabel = "N", defaultValue = "1", description = "runs per point, seeds N, N+1, ... (default ${DEFAULT-VALUE})")
  int repeat;

  @Option(names = "--seed", description = "first seed (default: each scenario's run.seed)")
  Long seed;

  @Option(names = "--set", paramLabel = "PATH=VALUE", description = "overrides a field at every point")
  List<String> sets = new ArrayList<>();

  @Option(names = "--jobs", paramLabel = "N", description = "worker threads (default: one per core)")
  Integer jobs;

  @Option(names = {"-o", "--output", "--csv"}, paramLabel = "OUT.csv",
      description = "also writes the table as CSV (--csv is its older name)")
  Path csv;

  private static final long PROGRESS_NS = 10_000_000_000L;
  private long lastProgress;

  @Override
  public Integer call() {
    if (repeat < 1 || repeat > 1000) {
      throw new InputError(new Location("--repeat", "", 1, 1),
          "a sweep needs from 1 to 1000 runs per point, got " + repeat, Optional.empty());
    }
    int workers = jobs != null ? jobs : Runtime.getRuntime().availableProcessors();
    if (workers < 1 || workers > 1024) {
      throw new InputError(new Location("--jobs", "", 1, 1),
          "--jobs takes from 1 to 1024 worker threads, got " + workers, Optional.empty());
    }
    csv = new OutputCheck(file).written("--output", csv);
    List<Figure> figs = figures.isEmpty() ? List.of(Figure.elapsed, Figure.ops, Figure.sys) : figures;
    List<Axis> axes = vary.stream().map(Axis::parse).toList();
    List<SweepPoint> points = SweepGrid.expand(ScenarioLoader.standard(), file, sets, axes, variants);
    PrintWriter err = spec.commandLine().getErr();
    int runs = points.size() * repeat;
    err.printf(Locale.ROOT, "locksim: sweep of %s: %d scenario%s, %d run%s, %d worker%s%n", file,
        points.size(), points.size() == 1 ? "" : "s", runs, runs == 1 ? "" : "s",
        workers, workers == 1 ? "" : "s");
    err.flush();
    lastProgress = System.nanoTime();
    double[][][] results = SweepRunner.run(points, repeat, seed, workers,
        (s, sd) -> values(Simulator.run(s, sd), figs), (done, all) -> progress(err, done, all));
    SweepTable table = new SweepTable(axes, points, figs.stream().map(Enum::name).toList(),
        figs.stream().map(f -> f.label).toList(), results);
    if (csv != null) {
      try {
        AtomicOutput.write(csv, table::csv);
      } catch (IOException e) {
        throw Recording.cannotWrite(csv, e);
      }
    }
    PrintWriter out = spec.commandLine().getOut();
    out.printf(Locale.ROOT, "%s, %d run%s per point%n", file, repeat, repeat == 1 ? "" : "s");
    out.print(table.text());
    out.flush();
    return 0;
  }

  /** Tells how far the sweep is, every few seconds, for sweeps long enough to wonder about. */
  private void progress(PrintWriter err, int done, int all) {
    synchronized (err) {
      long now = System.nanoTime();
      if (done < all && now - lastProgress > PROGRESS_NS) {
        lastProgress = now;
        err.printf(Locale.ROOT, "locksim: sweep: %d of %d runs done%n", done, all);
        err.flush();
      }
    }
  }

  private static double[] values(RunResult r, List<Figure> figs) {
    double[] v = new double[figs.size()];
    for (int i = 0; i < v.length; i++) {
      v[i] = figs.get(i).f.applyAsDouble(r);
    }
    return v;
  }
}
