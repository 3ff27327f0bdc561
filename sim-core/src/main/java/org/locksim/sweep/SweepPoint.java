package org.locksim.sweep;

import java.util.List;
import org.locksim.scenario.Scenario;

/**
 * One scenario of a sweep: a combination of axis values and one variant.
 *
 * @param cell the combination's index in the grid, the last axis varying fastest
 * @param values each axis's value text, in axis order
 * @param scenario the loaded scenario, overrides applied
 */
public record SweepPoint(int cell, List<String> values, Scenario scenario) {
  public SweepPoint {
    values = List.copyOf(values);
  }
}
