package org.locksim.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.locksim.cli.progress.Progress;
import org.locksim.cli.progress.ProgressOptions;
import org.locksim.report.AtomicOutput;
import org.locksim.scenario.json.InputError;
import org.locksim.scenario.json.Location;
import org.locksim.validation.CalibrationPage;
import org.locksim.run.Parallel;
import org.locksim.validation.Reproduction;
import org.locksim.validation.Row;
import org.locksim.validation.ScenarioSource;
import org.locksim.validation.SeedSpread;
import org.locksim.validation.Sensitivity;
import org.locksim.validation.SensitivityRuns;
import org.locksim.validation.StandInRuns;
import org.locksim.validation.ValidationReport;
import org.locksim.validation.ValidationReport.Result;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code locksim validate}: runs every bundled reproduction, prints published figure,
 * simulated figure, band, verdict and kind (fit, input or prediction) of each row, with the
 * predictions in band as its headline; optionally writes docs/validation.md and, beside it,
 * docs/calibration.md, whose sensitivity section reruns each fitted reproduction with the
 * parameter at -10% and +10% (also with {@code --sensitivity}). Exits with status 3 when any
 * row leaves its band.
 */
@Command(name = "validate", mixinStandardHelpOptions = true,
    description = "Runs every bundled reproduction of a published result and compares it with its band."
        + " Exit status 3 when a row fails.")
final class ValidateCommand implements Callable<Integer> {
  static final int FAILED = 3;

  @Spec
  CommandSpec spec;

  @Mixin
  ProgressOptions progress;

  @Option(names = "--scenarios", paramLabel = "DIR",
      description = "where the scenarios are (default: the bundled ones, beside the installation or in the jar,"
          + " from any directory)")
  Path scenarios;

  @Option(names = "--write", paramLabel = "FILE", description = "also write the table as Markdown, e.g. docs/validation.md,"
      + " and calibration.md beside it (with the sensitivity runs); the whole page, so not with --only")
  Path write;

  @Option(names = "--sensitivity", description = "also rerun each fitted reproduction with the parameter at -10%% and +10%%"
      + " and print how far each row moves (slow: minutes)")
  boolean sensitivity;

  @Option(names = "--jobs", paramLabel = "N", description = "threads for the runs (default: every core);"
      + " the figures are the same for any N")
  Integer jobs;

  @Option(names = "--only", paramLabel = "ID", split = ",", description = "only these reproductions (V1,V2,...)")
  List<String> only = new ArrayList<>();

  @Option(names = "--json", description = "prints machine-readable rows on stdout")
  boolean json;

  @Option(names = "--seeds", paramLabel = "N", defaultValue = "1", description = "also rerun each reproduction with"
      + " its seeds shifted by 1,000 to 1,000 (N-1) and print each row's figure over the N: in band, mean +- 95%% interval,"
      + " range (slow: N times the runs; the verdicts and exit status stay the bundled seeds')")
  int seeds;

  @Override
  public Integer call() throws IOException {
    int threads = jobs == null ? Runtime.getRuntime().availableProcessors() : jobs;
    if (threads < 1) {
      throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--jobs must be at least 1, not " + threads);
    }
    List<Reproduction> chosen = chosen();
    if (seeds < 1 || seeds > 100) {
      throw new InputError(new Location("--seeds", "", 0, 0),
          "expected from 1 to 100 seed offsets, got " + seeds, Optional.empty());
    }
    if (write != null && seeds > 1) {
      throw new InputError(new Location("--seeds", "", 0, 0), "the page --write writes is the bundled seeds';"
          + " print the seed spread without --write", Optional.empty());
    }
    if (write != null) {
      checkWritable();
    }
    Path folder = scenarios != null ? scenarios : BundledScenarios.folder();
    List<Result> results;
    List<SeedSpread> spreads = List.of();
    try (Progress shown = progress.start("validate", (long) chosen.size() * seeds, "reproductions")) {
      List<List<Result>> byOffset = Parallel.map(chosen, threads, r -> {
        ScenarioSource source = ScenarioSource.remembering(folder).withThreads(threads);
        List<Result> done = new ArrayList<>();
        for (int k = 0; k < seeds; k++) {
          done.add(Result.of(r, k == 0 ? source : source.shifted(k * SeedSpread.STRIDE)));
          shown.step();
        }
        return done;
      });
      results = byOffset.stream().map(d -> d.get(0)).toList();
      if (seeds > 1) {
        spreads = byOffset.stream().map(SeedSpread::of).toList();
      }
    }
    PrintWriter out = spec.commandLine().getOut();
    if (!json) {
      out.print(ValidationReport.text(results));
      out.print(SeedSpread.text(spreads));
      out.flush();
    }
    List<Sensitivity> moves = sensitivity || write != null ? SensitivityRuns.run(results, folder, threads) : List.of();
    if (json) {
      out.print(json(results, sensitivity ? moves : List.of(), spreads));
    } else if (sensitivity) {
      String page = CalibrationPage.markdown(results, folder, moves);
      out.print("\n" + page.substring(page.indexOf(CalibrationPage.SENSITIVITY_HEADING)));
    }
    if (write != null) {
      String page = ValidationReport.markdown(results);
      AtomicOutput.write(write, w -> w.write(page));
      List<StandInRuns.Table> standIns = StandInRuns.run(results, folder, threads);
      String calibration = CalibrationPage.markdown(results, folder, moves, standIns);
      Path beside = calibrationBeside();
      AtomicOutput.write(beside, w -> w.write(calibration));
    }
    out.flush();
    return results.stream().allMatch(Result::pass) ? 0 : FAILED;
  }

  /** The reproductions {@code --only} names, in their order; every one when it names none. */
  private List<Reproduction> chosen() {
    List<Reproduction> all = Reproduction.all();
    List<String> ids = all.stream().map(Reproduction::id).toList();
    for (String id : only) {
      if (!ids.contains(id)) {
        throw InputError.unknownName(new Location("--only", "", 0, 0), "reproduction", id, ids);
      }
    }
    return all.stream().filter(r -> only.isEmpty() || only.contains(r.id())).toList();
  }

  /** Refuses, before minutes of runs, a page that would be partial or could not be written. */
  private void checkWritable() {
    if (!only.isEmpty()) {
      throw new InputError(new Location("--write", "", 0, 0), "--write writes the whole page and its calibration"
          + " page, from every reproduction; drop --only (or print the rows of " + String.join(",", only)
          + " without --write)", Optional.empty());
    }
    new OutputCheck().add("--write", write).add("--write", calibrationBeside());
  }

  private Path calibrationBeside() {
    return write.toAbsolutePath().resolveSibling("calibration.md");
  }

  private static String json(List<Result> results, List<Sensitivity> moves, List<SeedSpread> spreads)
      throws IOException {
    ObjectMapper m = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    ObjectNode root = m.createObjectNode();
    root.put("headline", ValidationReport.headline(results));
    ArrayNode list = root.putArray("reproductions");
    for (Result r : results) {
      ObjectNode o = list.addObject();
      o.put("id", r.reproduction().id());
      o.put("title", r.reproduction().title());
      o.put("pass", r.pass());
      ArrayNode rows = o.putArray("rows");
      for (Row row : r.rows()) {
        ObjectNode x = rows.addObject();
        x.put("figure", row.figure());
        x.put("published", row.published());
        x.put("simulated", row.simulatedText());
        x.put("value", row.simulated());
        x.put("low", row.low());
        x.put("high", row.high());
        x.put("band", row.band());
        x.put("pass", row.pass());
        x.put("skipped", row.skipped());
        x.put("kind", row.kind().label());
        if (row.kind() == Row.Kind.FIT) {
          x.put("parameter", row.fitted().parameter());
          x.put("scenario", row.fitted().scenario());
        }
      }
      if (!r.findings().isBlank()) {
        o.put("findings", r.findings().strip());
      }
      spreads.stream().filter(x -> x.reproduction().equals(r.reproduction().id())).findFirst()
          .ifPresent(x -> seedSpread(o.putArray("seedSpread"), x));
    }
    if (!moves.isEmpty()) {
      ArrayNode list2 = root.putArray("sensitivity");
      for (Sensitivity s : moves) {
        ObjectNode o = list2.addObject();
        o.put("id", s.reproduction());
        o.put("scenario", s.parameter().scenario());
        o.put("parameter", s.parameter().parameter());
        o.put("value", s.value());
        o.put("step", Sensitivity.STEP);
        ArrayNode rows = o.putArray("rows");
        for (Sensitivity.Move mv : s.moves()) {
          ObjectNode x = rows.addObject();
          x.put("figure", mv.row().figure());
          x.put("kind", mv.row().kind().label());
          x.put("simulated", mv.row().measure());
          x.put("down", mv.down());
          x.put("up", mv.up());
          x.put("relDown", mv.relDown());
          x.put("relUp", mv.relUp());
          x.put("knee", mv.knee());
        }
      }
    }
    return m.writeValueAsString(root) + "\n";
  }

  /** Each row's figure over the seed offsets, as {@code --seeds} prints it. */
  private static void seedSpread(ArrayNode out, SeedSpread spread) {
    for (SeedSpread.Line l : spread.rows()) {
      ObjectNode x = out.addObject();
      x.put("figure", l.figure());
      ArrayNode values = x.putArray("values");
      for (double v : l.values()) {
        values.add(v);
      }
      x.put("inBand", l.inBand());
      x.put("mean", l.summary().mean());
      x.put("halfWidth", l.halfWidth());
    }
  }
}
