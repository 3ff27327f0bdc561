package org.locksim.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.locksim.cli.chart.SweepChart;
import org.locksim.cli.progress.Progress;
import org.locksim.cli.progress.ProgressOptions;
import org.locksim.report.AtomicOutput;
import org.locksim.scenario.ScenarioLoader;
import org.locksim.run.RunResult;
import org.locksim.run.Simulator;
import org.locksim.scenario.json.InputError;
import org.locksim.scenario.json.Location;
import org.locksim.sweep.Axis;
import org.locksim.sweep.JournalIdentity;
import org.locksim.sweep.SweepGrid;
import org.locksim.sweep.SweepJournal;
import org.locksim.sweep.SweepPoint;
import org.locksim.sweep.SweepRunner;
import org.locksim.sweep.SweepTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code locksim sweep FILE --vary PATH=V1,V2,...}: runs a scenario's variants at every
 * combination of the values, on every core, and prints a figure table (CSV with {@code --csv},
 * a chart of each figure against the first varied field with {@code --plot}).
 */
@Command(name = "sweep", mixinStandardHelpOptions = true,
    description = "Runs a scenario at every combination of the --vary values (its variants at each)"
        + " on every core, and tabulates figures: each variant after the first with its change from"
        + " the first.")
public final class SweepCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Mixin
  ProgressOptions progress;

  @Parameters(paramLabel = "FILE", description = "the scenario file")
  Path file;

  @Mixin
  PluginOption plugins = new PluginOption();

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

  @Option(names = "--paired", description = "a change's interval from the run-by-run differences of the two"
      + " variants' runs with the same seed (paired Student's t), not from their pooled variance")
  boolean paired;

  @Mixin
  JobsOption jobs = new JobsOption();

  @Option(names = {"-o", "--output", "--csv"}, paramLabel = "OUT.csv",
      description = "also writes the table as CSV (--csv is its older name), and journals each"
          + " finished run in OUT.csv.journal until it is written")
  Path csv;

  @Mixin
  PlotOption plot = new PlotOption();

  @Option(names = "--yes", description = "runs a sweep of more than " + SweepCommand.ASK_ABOVE
      + " runs without asking")
  boolean yes;

  /** Sweeps of more runs than this need {@code --yes}. */
  static final int ASK_ABOVE = 100_000;

  @Option(names = "--resume", description = "continues the sweep whose journal is beside --csv OUT,"
      + " running only the runs it lacks")
  boolean resume;

  private final SweepBackend backend;

  /** A sweep on this machine's cores. */
  SweepCommand() {
    this(SweepBackend.LOCAL);
  }

  /** A sweep whose runs go to {@code backend}. */
  public SweepCommand(SweepBackend backend) {
    this.backend = backend;
  }

  @Override
  public Integer call() {
    if (repeat < 1 || repeat > 1000) {
      throw new InputError(new Location("--repeat", "", 1, 1),
          "a sweep needs from 1 to 1000 runs per point, got " + repeat, Optional.empty());
    }
    int workers = jobs.workers();
    OutputCheck outputs = new OutputCheck(file);
    csv = outputs.written("--output", csv);
    List<Figure> figs = figures.isEmpty() ? List.of(Figure.elapsed, Figure.ops, Figure.sys) : figures;
    PlotOption.Target chart = plot.check(outputs, figs.size());
    List<Axis> axes = vary.stream().map(Axis::parse).toList();
    List<SweepPoint> points = SweepGrid.expand(plugins.loader(), file, sets, axes, variants);
    if (paired) {
      PairedSeeds.requireShared(points.stream().map(SweepPoint::scenario).toList(), seed);
    }
    long planned = (long) points.size() * repeat;
    if (planned > ASK_ABOVE && !yes) {
      throw new InputError(new Location("--yes", "", 1, 1), String.format(Locale.ROOT,
          "this sweep is %,d runs (%,d scenarios x %d repeats), more than %,d; add --yes to run"
              + " them, or sweep fewer values", planned, points.size(), repeat, ASK_ABOVE),
          Optional.empty());
    }
    PrintWriter err = spec.commandLine().getErr();
    double[][][] known = new double[points.size()][repeat][];
    SweepJournal journal = openJournal(figs, known);
    SweepPlan plan = new SweepPlan(file, sets, axes, points, repeat, seed, figs, workers, known,
        plugins.jars);
    int runs = plan.runs();
    int before = SweepRunner.done(known);
    if (!progress.quiet()) {
      err.printf(Locale.ROOT, "locksim: sweep of %s: %d scenario%s, %d run%s%s, %s%n", file,
          points.size(), points.size() == 1 ? "" : "s", runs, runs == 1 ? "" : "s",
          resume ? " (" + before + " done before)" : "", backend.describe(plan));
      err.flush();
    }
    double[][][] results;
    try (Progress shown = progress.start("sweep", runs, "runs", before)) {
      results = backend.run(plan, journal != null ? journal::finished : (p, r, f) -> { },
          (done, all) -> shown.stepTo(done));
    } finally {
      closeQuietly(journal);
    }
    SweepTable table = new SweepTable(axes, points, figs.stream().map(Enum::name).toList(),
        figs.stream().map(f -> f.label).toList(), results, paired);
    if (csv != null) {
      try {
        AtomicOutput.write(csv, table::csv);
      } catch (IOException e) {
        throw Recording.cannotWrite(csv, e);
      }
      try {
        journal.delete();
      } catch (IOException e) {
        err.println("locksim: warning: cannot delete the finished sweep's journal "
            + SweepJournal.beside(csv) + ": " + e.getMessage());
      }
    }
    if (chart != null) {
      chart.write(SweepChart.of(points.get(0).scenario().name(), axes, points,
          figs.stream().map(f -> f.label).toList(), table));
    }
    PrintWriter out = spec.commandLine().getOut();
    out.printf(Locale.ROOT, "%s, %d run%s per point%s%n", file, repeat, repeat == 1 ? "" : "s",
        repeat == 1 ? "" : ", mean +- 95% interval (Student's t, " + (repeat - 1)
            + " degree" + (repeat == 2 ? "" : "s") + " of freedom)" + (paired ? "; changes paired by seed" : ""));
    out.print(table.text());
    out.flush();
    return 0;
  }

  /**
   * Starts the journal beside the CSV, or with {@code --resume} reads the one there into
   * {@code known}; null without {@code --csv}, where there is nothing to resume into.
   */
  private SweepJournal openJournal(List<Figure> figs, double[][][] known) {
    if (csv == null) {
      if (resume) {
        throw new InputError(new Location("--resume", "", 1, 1), "--resume continues the sweep"
            + " whose journal is beside its --csv OUT; give the same --csv", Optional.empty());
      }
      return null;
    }
    List<String> deciding = new ArrayList<>();
    for (String v : vary) {
      deciding.addAll(List.of("--vary", v));
    }
    for (String v : variants) {
      deciding.addAll(List.of("--variant", v));
    }
    deciding.addAll(List.of("--figure", String.join(",", figs.stream().map(Enum::name).toList()),
        "--repeat", Integer.toString(repeat), "--seed", seed == null ? "scenario" : seed.toString()));
    for (String v : sets) {
      deciding.addAll(List.of("--set", v));
    }
    byte[] scenario;
    try {
      scenario = Files.readAllBytes(file);
    } catch (IOException e) {
      throw InputError.unreadable(file.toString(), e);
    }
    JournalIdentity id = JournalIdentity.of(deciding, scenario,
        Main.version().replaceFirst("^locksim ", ""));
    Path path = SweepJournal.beside(csv);
    return resume ? SweepJournal.resume(path, id, known, figs.size()) : SweepJournal.create(path, id);
  }

  private static void closeQuietly(SweepJournal journal) {
    if (journal != null) {
      try {
        journal.close();
      } catch (IOException e) {
        // every line was forced to the disk as it was written; nothing is lost
      }
    }
  }
}
