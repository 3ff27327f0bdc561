package org.locksim.validation;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** A published result: its scenario, its rows, and what a reader should know about it. */
public interface Reproduction {
  /** {@code V1}, {@code V2}, ... */
  String id();

  /** One line: what and where it was published. */
  String title();

  /** The bundled scenario file, relative to the scenarios folder; empty when it runs none. */
  String scenario();

  /**
   * Runs the scenarios as {@code source} gives them and compares. Each row says whether it is
   * a fit (and of which parameter), an input or a prediction.
   */
  List<Row> run(ScenarioSource source);

  /** Runs the bundled scenarios of {@code scenarios} and compares. */
  default List<Row> run(Path scenarios) {
    return run(ScenarioSource.of(scenarios));
  }

  /**
   * The parameters of its scenarios fitted to its rows; each is named by the row it was fitted
   * to (a test checks both ways).
   */
  default List<FittedParameter> fits() {
    return List.of();
  }

  /**
   * Inputs of its scenarios that no publication gives, with their plausible values: docs/
   * calibration.md shows its rows under each ({@link StandInRuns}).
   */
  default List<StandIn> standIns() {
    return List.of();
  }

  /**
   * Why a row moves by more than 3x its parameter's change in the sensitivity runs (docs/
   * calibration.md flags it `knee`), by the row's figure: the page prints each beside its table,
   * and a test checks that every predicted row the page flags has one.
   */
  default Map<String, String> kneeNotes() {
    return Map.of();
  }

  /** Markdown paragraphs after the table: how the figures come about, known residuals. */
  String notes();

  /**
   * Markdown after the notes computed from the runs as {@code source} gives them (a table of
   * what the figures imply), so that it cannot go stale; empty for most reproductions.
   */
  default String findings(ScenarioSource source) {
    return "";
  }

  /** Every reproduction locksim has, in order. */
  static List<Reproduction> all() {
    return List.of(new V1Uncontended(), new V2AdaptiveSpin(), new V3TestBeforeCas(), new V4MtxEnter(),
        new V5AsmGoto(), new V6CnaLocktorture(), new V7CoreToCore());
  }
}
