package org.locksim.validation;

import java.nio.file.Path;
import java.util.List;

/** A published result: its scenario, its rows, and what a reader should know about it. */
public interface Reproduction {
  /** {@code V1}, {@code V2}, ... */
  String id();

  /** One line: what and where it was published. */
  String title();

  /** The bundled scenario file, relative to the scenarios folder; empty when it runs none. */
  String scenario();

  /** Runs the scenario and compares. */
  List<Row> run(Path scenarios);

  /** Markdown paragraphs after the table: how the figures come about, known residuals. */
  String notes();

  /** Every reproduction locksim has, in order. */
  static List<Reproduction> all() {
    return List.of(new V1Uncontended(), new V2AdaptiveSpin(), new V3TestBeforeCas(), new V4MtxEnter(),
        new V5AsmGoto(), new V6CnaLocktorture(), new V7CoreToCore());
  }
}
