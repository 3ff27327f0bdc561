package org.locksim.cpu;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * Cycles per instruction for an uncontended execution: the issuing CPU already holds the
 * cache line. Line transfers come on top, from the {@link TransferTable}.
 *
 * @param cycles cost of each priced instruction
 */
public record CostTable(Map<Instr, Sourced> cycles) {
  public CostTable {
    Objects.requireNonNull(cycles, "cycles");
    cycles = Collections.unmodifiableMap(new EnumMap<>(cycles));
  }

  /** Whether this table prices {@code instr}. */
  public boolean has(Instr instr) {
    return cycles.containsKey(instr);
  }

  /** Cycles of {@code instr}; fails for an instruction the table does not price. */
  public double cyclesOf(Instr instr) {
    Sourced s = cycles.get(instr);
    if (s == null) {
      throw new IllegalArgumentException("no cost for " + instr.jsonName());
    }
    return s.value();
  }
}
