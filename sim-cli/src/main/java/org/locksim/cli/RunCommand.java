package org.locksim.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.locksim.cli.progress.Progress;
import org.locksim.cli.progress.ProgressOptions;
import org.locksim.report.lockevents.LockEventsFormat;
import org.locksim.report.lockstat.LockStatFormat;
import org.locksim.report.perf.PerfStatFormat;
import org.locksim.report.perf.ResultJson;
import org.locksim.run.Parallel;
import org.locksim.run.RunResult;
import org.locksim.run.Simulator;
import org.locksim.scenario.Scenario;
import org.locksim.scenario.json.InputError;
import org.locksim.scenario.json.JsonTree;
import org.locksim.scenario.json.Location;
import org.locksim.scenario.json.Names;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code locksim run FILE}: runs a scenario and prints its perf-stat block per variant. */
@Command(name = "run", mixinStandardHelpOptions = true,
    description = "Runs a scenario file and prints a perf stat-style summary for each variant.")
final class RunCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Mixin
  ProgressOptions progress;

  @Mixin
  PluginOption plugins = new PluginOption();

  @Parameters(paramLabel = "FILE", description = "the scenario JSON file")
  Path file;

  @Option(names = "--seed", description = "seed of the first repeat (default: the scenario's run.seed)")
  Long seed;

  @Option(names = "--repeat", paramLabel = "N",
      description = "runs with seeds seed, seed+1, ... (default: the scenario's run.repeats)")
  Integer repeat;

  @Option(names = "--set", paramLabel = "PATH=VALUE",
      description = "overrides a field, e.g. --set workload.tasks=64 (repeatable)")
  List<String> sets = new ArrayList<>();

  @Option(names = "--variant", paramLabel = "NAME", description = "runs only this variant")
  String variant;

  @Mixin
  JobsOption jobs = new JobsOption();

  @Option(names = "--json", description = "prints machine-readable results on stdout")
  boolean json;

  @Option(names = "--lock-stat", description = "prints a /proc/lock_stat-style table per variant (first repeat);"
      + " with --json, each scenario's lockStat records")
  boolean lockStat;

  @Option(names = "--lock-events", description = "prints the kernel's lock event counts per variant (first repeat),"
      + " as /sys/kernel/debug/lock_event_counts shows them (CONFIG_LOCK_EVENT_COUNTS)")
  boolean lockEvents;

  @Option(names = "--trace", paramLabel = "OUT.lst",
      description = "records the timeline of the first repeat into OUT.lst (one file per variant:"
          + " OUT.VARIANT.lst when several run)")
  Path trace;

  @Option(names = "--folded", paramLabel = "OUT.folded",
      description = "writes on-CPU folded stacks of the first repeat, in microseconds (per variant as --trace)")
  Path folded;

  @Option(names = "--folded-offcpu", paramLabel = "OUT.folded",
      description = "writes off-CPU (blocked, runnable, sleeping) folded stacks of the first repeat, in microseconds")
  Path foldedOffCpu;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    // Only the chosen variant is loaded, so that an override that suits it is not refused for another.
    List<Scenario> scenarios = plugins.loader().loadChosen(JsonTree.read(file), file.toString(), sets,
        variant == null ? List.of() : List.of(variant));
    if (repeat != null && (repeat < 1 || repeat > 1000)) {
      throw new InputError(new Location("--repeat", "", 1, 1),
          "expected a repeat count from 1 to 1000, got " + repeat, java.util.Optional.empty());
    }
    int workers = jobs.workers();
    checkOutputs(scenarios);
    List<Run> plan = new ArrayList<>();
    for (int v = 0; v < scenarios.size(); v++) {
      Scenario s = scenarios.get(v);
      int n = repeat != null ? repeat : s.run().repeats();
      long first = seed != null ? seed : s.run().seed();
      for (int i = 0; i < n; i++) {
        plan.add(new Run(v, i, n, first));
      }
    }
    List<List<RunResult>> all = new ArrayList<>();
    int[] failures = {0};
    Progress shown = progress.start("run", plan.size(), "runs");
    List<Scenario> chosen = scenarios;
    List<RunResult> runs = new ArrayList<>();
    int[] next = {0};
    // The runs go on at once, up to --jobs of them; a variant's block is printed as soon as its
    // runs and every earlier variant's are done, so the output is the same for any --jobs.
    Parallel.forEachInOrder(plan, workers, r -> {
      Scenario s = chosen.get(r.variant());
      RunResult result = r.repeat() == 0 && recording()
          ? recorded(s, r.firstSeed(), chosen.size() > 1)
          : Simulator.run(s, r.firstSeed() + r.repeat());
      shown.step();
      return result;
    }, result -> {
      Run r = plan.get(next[0]++);
      runs.add(result);
      if (r.repeat() == r.repeats() - 1) {
        List<RunResult> done = List.copyOf(runs);
        runs.clear();
        all.add(done);
        failures[0] += report(out, done);
      }
    });
    shown.close();
    if (json) {
      out.print(lockStat ? withLockStat(ResultJson.format(all), all) : ResultJson.format(all));
    }
    out.flush();
    return failures[0] == 0 ? 0 : Main.INTERNAL;
  }

  /** One run of the plan: the variant's index, the repeat, the variant's repeats and first seed. */
  private record Run(int variant, int repeat, int repeats, long firstSeed) { }

  /**
   * Prints one variant's block (unless {@code --json}) and its runs' invariant violations;
   * returns how many there were.
   */
  private int report(PrintWriter out, List<RunResult> runs) {
    if (!json) {
      out.print(PerfStatFormat.format(runs));
      if (lockStat) {
        out.println();
        out.print(LockStatFormat.formatExtended(runs.get(0).locks()));
      }
      if (lockEvents) {
        out.println();
        RunResult first = runs.get(0);
        out.print(LockEventsFormat.format(first.label(), first.seed(), first.lockEvents()));
      }
      out.flush();
    }
    int failures = 0;
    for (RunResult r : runs) {
      for (String v : r.violations()) {
        spec.commandLine().getErr().println("locksim: " + r.label() + " seed " + r.seed()
            + ": invariant violated: " + v);
        failures++;
      }
    }
    return failures;
  }

  /**
   * The results' JSON with, in each scenario, {@code lockStat}: the records of the lock table
   * the text prints (the first repeat's), so that {@code --json} carries what the text shows.
   */
  static String withLockStat(String resultJson, List<List<RunResult>> all) {
    ObjectMapper m = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    try {
      JsonNode root = m.readTree(resultJson);
      for (int i = 0; i < all.size(); i++) {
        ((ObjectNode) root.get("scenarios").get(i)).set("lockStat",
            m.valueToTree(LockStatFormat.records(all.get(i).get(0).locks())));
      }
      return m.writeValueAsString(root) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Refuses, before any run, an output that would destroy an input or another output. */
  private void checkOutputs(List<Scenario> scenarios) {
    OutputCheck check = new OutputCheck(file);
    boolean perVariant = scenarios.size() > 1;
    if (!perVariant) {
      // One file each, written through a symbolic link as Unix tools do.
      trace = check.written("--trace", trace);
      folded = check.written("--folded", folded);
      foldedOffCpu = check.written("--folded-offcpu", foldedOffCpu);
      return;
    }
    for (Scenario s : scenarios) {
      check.addForVariant("--trace", trace, Recording.perVariant(trace, s), s.variant());
      check.addForVariant("--folded", folded, Recording.perVariant(folded, s), s.variant());
      check.addForVariant("--folded-offcpu", foldedOffCpu, Recording.perVariant(foldedOffCpu, s), s.variant());
    }
  }

  private boolean recording() {
    return trace != null || folded != null || foldedOffCpu != null;
  }

  /** Runs {@code s} once with the trace and profile recorders the options ask for. */
  private RunResult recorded(Scenario s, long seed, boolean perVariant) {
    Recording rec = new Recording(spec.commandLine().getErr());
    return rec.run(s, seed, perVariant ? Recording.perVariant(trace, s) : trace,
        perVariant ? Recording.perVariant(folded, s) : folded,
        perVariant ? Recording.perVariant(foldedOffCpu, s) : foldedOffCpu);
  }

  static String quote(String s) {
    return Names.quote(s);
  }
}
