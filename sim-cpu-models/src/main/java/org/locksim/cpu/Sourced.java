package org.locksim.cpu;

import java.util.Objects;

/**
 * A number with the place it comes from: a seed post, a paper, a vendor manual, an instruction
 * table, or an estimate that says how it was reached.
 *
 * @param value the number, in the unit of the field that holds it
 * @param source where it comes from; never blank
 */
public record Sourced(double value, String source) {
  public Sourced {
    Objects.requireNonNull(source, "source");
    if (source.isBlank()) {
      throw new IllegalArgumentException("a cost needs a source");
    }
    if (!(value >= 0) || Double.isInfinite(value)) {
      throw new IllegalArgumentException("a cost must be a finite number >= 0, got " + value);
    }
  }
}
