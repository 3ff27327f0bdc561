package org.locksim.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.locksim.cpu.Instr;
import org.locksim.cpu.ModelCatalog;
import org.locksim.scenario.MachineReader;
import org.locksim.scenario.json.JsonField;
import org.locksim.scenario.json.JsonObject;
import org.locksim.scenario.json.JsonString;
import org.locksim.scenario.json.JsonTree;
import org.locksim.validation.ValidationReport.Result;

/**
 * Why: the calibration page and the fit/input/prediction marks are only worth something if a
 * fit names a parameter that exists, the value shown is the one the scenario runs with, the
 * sensitivity runs really move that parameter (through the {@code --set} machinery) and give
 * the same figures on any number of threads, and a knee is flagged by the rule the page states.
 * V1 is the reproduction used here: its runs take milliseconds.
 */
class CalibrationTest {
  static final Path SCENARIOS = Path.of("..", "scenarios");

  @Test
  void aFitRowAndOnlyAFitRowNamesItsParameter() {
    FittedParameter p = new FittedParameter("x.json", "workload.lookup.meanNs", "lookup");
    Row row = Row.range("f", "1", 1, "1", 0, 2, "0 to 2");
    assertEquals(Row.Kind.PREDICTION, row.kind());
    assertEquals("fit: workload.lookup.meanNs", row.fit(p).kindText());
    assertEquals(Row.Kind.INPUT, row.input().kind());
    assertThrows(IllegalArgumentException.class,
        () -> new Row("f", "1", 1, "1", 0, 2, "b", Row.Kind.FIT, null, 1, 1));
    assertThrows(IllegalArgumentException.class,
        () -> new Row("f", "1", 1, "1", 0, 2, "b", Row.Kind.INPUT, p, 1, 1));
  }

  @Test
  void aValueComesFromTheScenarioOrFromTheCatalogEntryOfItsMachine(@TempDir Path dir) throws IOException {
    Files.writeString(dir.resolve("named.json"), """
        {"machine": "pentium3", "workload": {"entries": [{"hold": {"meanNs": 700}}, {"hold": {"meanNs": 900}}]}}
        """);
    Files.writeString(dir.resolve("overridden.json"), """
        {"machine": {"model": "pentium3", "costs": {"cmpxchg": {"value": 12.5, "source": "a test"}}}}
        """);
    double catalog = new MachineReader(ModelCatalog.bundled()).bundled("pentium3").costs().cyclesOf(Instr.CMPXCHG);
    FittedParameter named = new FittedParameter("named.json", "machine.costs.cmpxchg.value", "cmpxchg");
    assertEquals(catalog, ParameterValues.read(dir, named).get(0).doubleValue());
    FittedParameter over = new FittedParameter("overridden.json", "machine.costs.cmpxchg.value", "cmpxchg");
    assertEquals(new BigDecimal("12.5"), ParameterValues.read(dir, over).get(0));
    FittedParameter holds = new FittedParameter("named.json",
        List.of("workload.entries[0].hold.meanNs", "workload.entries[1].hold.meanNs"), "holds");
    assertEquals("700 + 900", ParameterValues.text(ParameterValues.read(dir, holds)));
    assertEquals(List.of("workload.entries[0].hold.meanNs=770", "workload.entries[1].hold.meanNs=990"),
        ParameterValues.scaled(dir, holds, 1.1));
    FittedParameter missing = new FittedParameter("named.json", "workload.entries[2].hold.meanNs", "none");
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> ParameterValues.read(dir, missing));
    assertTrue(e.getMessage().contains("workload.entries[2].hold.meanNs"), e.getMessage());
  }

  @Test
  void everyFitOfTheBundledScenariosNamesANumberTheyHold() {
    for (Reproduction r : Reproduction.all()) {
      for (FittedParameter p : r.fits()) {
        assertFalse(ParameterValues.read(SCENARIOS, p).isEmpty(), p.parameter());
        assertTrue(r.scenario().contains(p.scenario()), r.id() + " fits " + p.scenario() + ", not its scenario");
      }
    }
  }

  /**
   * A cost of the catalog whose source says it was fitted ({@code "fit: ..."}) must be named by a
   * fit row of every reproduction whose scenario runs that machine: otherwise a row it was fitted
   * to would count as a prediction.
   */
  @Test
  void everyCatalogCostSourcedAsAFitIsNamedByAFitRow() {
    for (Reproduction r : Reproduction.all()) {
      for (String file : r.scenario().split(", ")) {
        if (file.isEmpty()) {
          continue;
        }
        Set<String> named = new HashSet<>();
        r.fits().stream().filter(p -> p.scenario().equals(file)).forEach(p -> named.addAll(p.paths()));
        Set<String> models = new HashSet<>();
        ScenarioSource.of(SCENARIOS).load(file).forEach(s -> models.add(s.machine().name()));
        for (String model : models) {
          Optional<String> json = ModelCatalog.bundled().json(model);
          if (json.isEmpty()) {
            continue;
          }
          JsonObject root = (JsonObject) JsonTree.parse(model, json.get());
          for (String section : List.of("costs", "transfer", "kernel")) {
            if (!(root.get(section).orElse(null) instanceof JsonObject entries)) {
              continue;
            }
            for (JsonField f : entries.fields()) {
              if (f.value() instanceof JsonObject o && o.get("source").orElse(null) instanceof JsonString src
                  && src.value().startsWith("fit")) {
                String path = "machine." + section + "." + f.name() + ".value";
                assertTrue(named.contains(path), model + "'s " + path + " is sourced as a fit, but no fit row of "
                    + r.id() + " (" + file + ") names it");
              }
            }
          }
        }
      }
    }
  }

  @Test
  void sensitivityMovesEachFitRowAsItsCostAndIsTheSameOnAnyThreadCount() {
    Reproduction v1 = new V1Uncontended();
    Result base = new Result(v1, v1.run(SharedRuns.SOURCE));
    List<Sensitivity> one = SensitivityRuns.run(List.of(base), SCENARIOS, 1);
    List<Sensitivity> three = SensitivityRuns.run(List.of(base), SCENARIOS, 3);
    assertEquals(one, three);
    assertEquals(8, one.size());
    for (Sensitivity s : one) {
      Sensitivity.Move fitRow = s.moves().stream().filter(m -> s.parameter().equals(m.row().fitted()))
          .findFirst().orElseThrow();
      assertTrue(fitRow.relDown() < 0 && fitRow.relUp() > 0, s.parameter() + " does not move its row " + fitRow);
      String other = s.parameter().scenario().contains("pentium3") ? "pentium4" : "pentium3";
      s.moves().stream().filter(m -> m.row().figure().startsWith(other))
          .forEach(m -> assertFalse(m.moves(), m.row().figure() + " moved with " + s.parameter()));
    }
    // The UP sleep mutex is two cmpxchg and two tests: +10% of cmpxchg adds 2 x 10% of it (to
    // within the pair cut off at the end of the 1 ms window).
    Sensitivity cmpxchg = one.get(0);
    assertEquals("machine.costs.cmpxchg.value", cmpxchg.parameter().parameter());
    Sensitivity.Move sleepUp = cmpxchg.moves().get(0);
    double value = ParameterValues.read(SCENARIOS, cmpxchg.parameter()).get(0).doubleValue();
    assertEquals(2 * 0.1 * value, sleepUp.up() - sleepUp.row().measure(), 0.01);
  }

  @Test
  void aRowThatMovesByMoreThanThreeTimesTheParametersChangeIsAKnee() {
    Row row = Row.range("f", "1", 10, "10", 0, 20, "0 to 20");
    assertFalse(new Sensitivity.Move(row, 9.0, 11.0).knee());
    assertFalse(new Sensitivity.Move(row, 7.1, 10.0).knee());
    assertTrue(new Sensitivity.Move(row, 6.9, 10.0).knee());
    assertTrue(new Sensitivity.Move(row, 10.0, 13.1).knee());
    assertFalse(new Sensitivity.Move(row, 10.0, 10.0).moves());
    // A change near zero in a band around zero is measured against half the band.
    Row nearZero = Row.range("change", "0", 0.01, "0.01%", -1.5, 1.5, "within 1.5%");
    assertFalse(new Sensitivity.Move(nearZero, -0.2, 0.3).knee());
    assertTrue(new Sensitivity.Move(nearZero, -0.5, 0.01).knee());
  }

  /**
   * Why: a predicted row that moves by more than 3x its parameter's change in the sensitivity
   * runs must be flagged and explained. Every predicted row docs/calibration.md flags `knee`
   * has its reproduction's explanation, and the page prints it beneath the table.
   */
  @Test
  void everyPredictedKneeOnThePageIsExplained() throws IOException {
    List<String> page = Files.readAllLines(Path.of("..", "docs", "calibration.md"));
    String id = null;
    int predicted = 0;
    for (String line : page) {
      if (line.startsWith("### ")) {
        id = line.substring(4, line.indexOf(':'));
      }
      if (line.startsWith("| ") && line.contains("| prediction |")) {
        predicted++;
      }
      if (line.startsWith("| ") && line.contains("| prediction |") && line.contains("**knee**")) {
        String figure = line.substring(2, line.indexOf(" | "));
        String in = id;
        Reproduction r = Reproduction.all().stream().filter(x -> x.id().equals(in)).findFirst().orElseThrow();
        assertTrue(r.kneeNotes().containsKey(figure), in + " `" + figure + "` is a knee with no explanation");
        String note = CalibrationPage.KNEE_NOTE + " `" + figure + "`: " + r.kneeNotes().get(figure);
        assertTrue(page.contains(note), "docs/calibration.md does not print " + note);
      }
    }
    assertTrue(predicted > 0, "no predicted row found in docs/calibration.md's tables");
  }
}
