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
import java.util.concurrent.Callable;
import org.locksim.report.AtomicOutput;
import org.locksim.validation.Reproduction;
import org.locksim.validation.Row;
import org.locksim.validation.ValidationReport;
import org.locksim.validation.ValidationReport.Result;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code locksim validate}: runs every bundled reproduction, prints published figure,
 * simulated figure, band and verdict, optionally writes docs/validation.md; exits with status 3
 * when any row leaves its band.
 */
@Command(name = "validate", mixinStandardHelpOptions = true,
    description = "Runs every bundled reproduction of a published result and compares it with its band."
        + " Exit status 3 when a row fails.")
final class ValidateCommand implements Callable<Integer> {
  static final int FAILED = 3;

  @Spec
  CommandSpec spec;

  @Option(names = "--scenarios", paramLabel = "DIR", defaultValue = "scenarios",
      description = "where the bundled scenarios are (default ${DEFAULT-VALUE})")
  Path scenarios;

  @Option(names = "--write", paramLabel = "FILE", description = "also write the table as Markdown, e.g. docs/validation.md")
  Path write;

  @Option(names = "--only", paramLabel = "ID", split = ",", description = "only these reproductions (V1,V2,...)")
  List<String> only = new ArrayList<>();

  @Option(names = "--json", description = "prints machine-readable rows on stdout")
  boolean json;

  @Override
  public Integer call() throws IOException {
    List<Result> results = new ArrayList<>();
    for (Reproduction r : Reproduction.all()) {
      if (only.isEmpty() || only.contains(r.id())) {
        results.add(new Result(r, r.run(scenarios)));
      }
    }
    PrintWriter out = spec.commandLine().getOut();
    out.print(json ? json(results) : ValidationReport.text(results));
    if (write != null) {
      String page = ValidationReport.markdown(results);
      AtomicOutput.write(write, w -> w.write(page));
    }
    out.flush();
    return results.stream().allMatch(Result::pass) ? 0 : FAILED;
  }

  private static String json(List<Result> results) throws IOException {
    ObjectMapper m = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    ObjectNode root = m.createObjectNode();
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
      }
    }
    return m.writeValueAsString(root) + "\n";
  }
}
