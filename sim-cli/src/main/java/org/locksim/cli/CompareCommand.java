package org.locksim.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.locksim.cli.chart.CompareChart;
import org.locksim.cli.progress.Progress;
import org.locksim.cli.progress.ProgressOptions;
import org.locksim.report.ministat.Ministat;
import org.locksim.report.ministat.MinistatFormat;
import org.locksim.report.ministat.PairedDifference;
import org.locksim.report.ministat.Sample;
import org.locksim.run.Parallel;
import org.locksim.run.Simulator;
import org.locksim.scenario.Scenario;
import org.locksim.scenario.ScenarioLoader;
import org.locksim.scenario.json.InputError;
import org.locksim.scenario.json.JsonTree;
import org.locksim.scenario.json.Location;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code locksim compare A.json B.json} (or one file with two variants): runs each N times with
 * different seeds and prints a ministat comparison of one figure ({@code --plot}: the runs as box
 * plots side by side).
 */
@Command(name = "compare", mixinStandardHelpOptions = true,
    description = "Runs two to seven scenarios (files, or the variants of one) N times each and compares a figure"
        + " as ministat does: each against the first.")
final class CompareCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Mixin
  ProgressOptions progress;

  @Parameters(arity = "1..7", paramLabel = "FILE", description = "scenario files; their variants all take part")
  List<Path> files;

  @Mixin
  PluginOption plugins = new PluginOption();

  @Option(names = "--variant", paramLabel = "NAME", description = "only these variants, in this order (repeatable)")
  List<String> variants = new ArrayList<>();

  @Option(names = "--repeat", paramLabel = "N", defaultValue = "9", description = "runs per side (default ${DEFAULT-VALUE})")
  int repeat;

  @Option(names = {"--figure", "--metric"}, paramLabel = "F", defaultValue = "ops",
      description = "the figure to compare: ${COMPLETION-CANDIDATES} (default ${DEFAULT-VALUE};"
          + " --metric is its older name)")
  Figure metric;

  @Option(names = "--seed", description = "first seed (default: each scenario's run.seed)")
  Long seed;

  @Option(names = "--set", paramLabel = "PATH=VALUE", description = "overrides a field in both")
  List<String> sets = new ArrayList<>();

  @Option(names = "--confidence", defaultValue = "95", description = "confidence level in percent (default ${DEFAULT-VALUE})")
  double confidence;

  @Option(names = "--paired", description = "also test each side against the first run by run: run i of every side"
      + " has the same seed, so their differences leave out the spread that seed gives both (paired Student's t)")
  boolean paired;

  @Mixin
  JobsOption jobs = new JobsOption();

  @Mixin
  PlotOption plot = new PlotOption();

  @Override
  public Integer call() {
    if (repeat < 2 || repeat > 1000) {
      throw new InputError(new Location("--repeat", "", 1, 1),
          "a comparison needs from 2 to 1000 runs per side, got " + repeat, Optional.empty());
    }
    if (!(confidence > 0 && confidence < 100)) {
      throw new InputError(new Location("--confidence", "", 0, 0),
          "expected a confidence level in percent, above 0 and below 100 (e.g. 95), got " + confidence,
          Optional.empty());
    }
    int workers = jobs.workers();
    PlotOption.Target chart = plot.check(new OutputCheck(files.toArray(Path[]::new)), 1);
    ScenarioLoader loader = plugins.loader();
    List<Scenario> all = new ArrayList<>();
    for (Path f : files) {
      // Only the chosen variants are loaded, so that an override that suits them is not
      // refused for another.
      all.addAll(loader.load(f, sets, variants));
    }
    List<Scenario> sides = new ArrayList<>();
    if (variants.isEmpty()) {
      sides.addAll(all);
    } else {
      for (String v : variants) {
        Scenario match = all.stream().filter(s -> s.variant().equals(v)).findFirst()
            .orElseThrow(() -> ScenarioLoader.unknownVariant(v, files.stream()
                .flatMap(f -> ScenarioLoader.variantNames(JsonTree.read(f)).stream()).toList()));
        sides.add(match);
      }
    }
    if (sides.size() < 2 || sides.size() > Ministat.MAX_SAMPLES) {
      throw new InputError(new Location(files.get(0).toString(), "", 0, 0),
          "compare needs from 2 to " + Ministat.MAX_SAMPLES + " scenarios (files, or variants;"
              + " pick some with --variant); got " + sides.size(), Optional.empty());
    }
    int n = sides.size();
    if (paired) {
      PairedSeeds.requireShared(sides, seed);
    }
    double[][] values = new double[n][repeat];
    List<int[]> runs = new ArrayList<>();
    for (int side = 0; side < n; side++) {
      for (int i = 0; i < repeat; i++) {
        runs.add(new int[] {side, i});
      }
    }
    try (Progress shown = progress.start("compare", (long) n * repeat, "runs")) {
      List<Double> figures = Parallel.map(runs, workers, r -> {
        Scenario s = sides.get(r[0]);
        long first = seed != null ? seed : s.run().seed();
        double f = metric.f.applyAsDouble(Simulator.run(s, first + r[1]));
        shown.step();
        return f;
      });
      for (int k = 0; k < runs.size(); k++) {
        values[runs.get(k)[0]][runs.get(k)[1]] = figures.get(k);
      }
    }
    PrintWriter out = spec.commandLine().getOut();
    out.printf(Locale.ROOT, "%s, %d runs each%n", metric, repeat);
    List<Sample> samples = new ArrayList<>();
    for (int side = 0; side < n; side++) {
      samples.add(Sample.of(sides.get(side).label(), values[side]));
    }
    out.print(MinistatFormat.format(Ministat.compare(samples, confidence), MinistatFormat.DEFAULT_WIDTH));
    if (paired) {
      long first = seed != null ? seed : sides.get(0).run().seed();
      out.printf(Locale.ROOT, "Paired by seed (run i of every side has seed %d + i), against x:%n", first);
      for (int side = 1; side < n; side++) {
        out.print(MinistatFormat.symbol(side) + " " + sides.get(side).label() + "\n");
        out.print(MinistatFormat.paired(PairedDifference.of(values[0], values[side], confidence)));
      }
    }
    if (chart != null) {
      chart.write(List.of(CompareChart.of(title(sides), metric.label,
          samples.stream().map(Sample::name).toList(), values)));
    }
    return 0;
  }

  /** The scenarios' name, or their names joined when the files differ. */
  private static String title(List<Scenario> sides) {
    return String.join(" vs ", sides.stream().map(Scenario::name).distinct().toList());
  }
}
