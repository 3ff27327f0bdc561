package org.locksim.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.ToDoubleFunction;
import org.locksim.report.ministat.Ministat;
import org.locksim.report.ministat.MinistatFormat;
import org.locksim.run.RunResult;
import org.locksim.run.Simulator;
import org.locksim.scenario.Scenario;
import org.locksim.scenario.ScenarioLoader;
import org.locksim.scenario.json.InputError;
import org.locksim.scenario.json.Location;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code locksim compare A.json B.json} (or one file with two variants): runs each N times with
 * different seeds and prints a ministat comparison of one figure.
 */
@Command(name = "compare", mixinStandardHelpOptions = true,
    description = "Runs two scenarios (or the two variants of one) N times each and compares a figure as ministat does.")
final class CompareCommand implements Callable<Integer> {
  enum Metric {
    elapsed(RunResult::elapsedSeconds),
    ops(RunResult::opsPerSecond),
    cyclesPerOp(RunResult::cyclesPerOp),
    taskClock(RunResult::taskClockMs);

    final ToDoubleFunction<RunResult> f;

    Metric(ToDoubleFunction<RunResult> f) {
      this.f = f;
    }
  }

  @Spec
  CommandSpec spec;

  @Parameters(arity = "1..2", paramLabel = "FILE", description = "two scenario files, or one with exactly two variants")
  List<Path> files;

  @Option(names = "--repeat", paramLabel = "N", defaultValue = "9", description = "runs per side (default ${DEFAULT-VALUE})")
  int repeat;

  @Option(names = "--metric", defaultValue = "ops",
      description = "figure to compare: ${COMPLETION-CANDIDATES} (default ${DEFAULT-VALUE})")
  Metric metric;

  @Option(names = "--seed", description = "first seed (default: each scenario's run.seed)")
  Long seed;

  @Option(names = "--set", paramLabel = "PATH=VALUE", description = "overrides a field in both")
  List<String> sets = new ArrayList<>();

  @Option(names = "--confidence", defaultValue = "95", description = "confidence level in percent (default ${DEFAULT-VALUE})")
  double confidence;

  @Override
  public Integer call() {
    if (repeat < 2 || repeat > 1000) {
      throw new InputError(new Location("--repeat", "", 1, 1),
          "a comparison needs from 2 to 1000 runs per side, got " + repeat, Optional.empty());
    }
    ScenarioLoader loader = ScenarioLoader.standard();
    List<Scenario> sides = new ArrayList<>();
    for (Path f : files) {
      sides.addAll(loader.load(f, sets));
    }
    if (sides.size() != 2) {
      throw new InputError(new Location(files.get(0).toString(), "", 0, 0),
          "compare needs exactly two scenarios (two files, or one file with two variants); got "
              + sides.size(), Optional.empty());
    }
    double[][] values = new double[2][repeat];
    for (int side = 0; side < 2; side++) {
      Scenario s = sides.get(side);
      long first = seed != null ? seed : s.run().seed();
      for (int i = 0; i < repeat; i++) {
        values[side][i] = metric.f.applyAsDouble(Simulator.run(s, first + i));
      }
    }
    PrintWriter out = spec.commandLine().getOut();
    out.printf(Locale.ROOT, "%s, %d runs each%n", metric, repeat);
    out.print(MinistatFormat.format(Ministat.compare(sides.get(0).label(), values[0],
        sides.get(1).label(), values[1], confidence), MinistatFormat.DEFAULT_WIDTH));
    return 0;
  }
}
