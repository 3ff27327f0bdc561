package org.locksim.sweep;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.locksim.scenario.Scenario;
import org.locksim.scenario.ScenarioLoader;
import org.locksim.scenario.json.InputError;
import org.locksim.scenario.json.JsonTree;
import org.locksim.scenario.json.JsonValue;
import org.locksim.scenario.json.Location;
import org.locksim.scenario.json.Overrides;

/**
 * The scenarios of a sweep: every combination of the axes' values (the last axis varying
 * fastest), each with the chosen variants in their order. Every combination is loaded and
 * checked here, before anything runs, so a value the scenario cannot take is reported at once
 * with its location.
 */
public final class SweepGrid {
  /** The most scenarios one sweep may hold. */
  public static final int MAX_POINTS = 100_000;

  private SweepGrid() {
  }

  /**
   * Expands a sweep of {@code file}.
   *
   * @param sets overrides applied to every point before the axes' values
   * @param variants the variants to run, in order; empty for all of them
   */
  public static List<SweepPoint> expand(ScenarioLoader loader, Path file, List<String> sets,
      List<Axis> axes, List<String> variants) {
    Axis.checkDistinct(axes);
    long cells = 1;
    for (Axis a : axes) {
      cells *= a.values().size();
      if (cells > MAX_POINTS) {
        throw new InputError(new Location(Axis.OPTION, "", 1, 1), "the sweep has more than "
            + MAX_POINTS + " combinations of values; sweep fewer values", Optional.empty());
      }
    }
    JsonValue tree = JsonTree.read(file);
    // Each value on its own first, so that a bad one is reported where --vary wrote it.
    loader.loadChosen(tree, file.toString(), sets, variants);
    for (Axis a : axes) {
      for (int i = 0; i < a.values().size(); i++) {
        List<String> one = new ArrayList<>(sets);
        one.add(a.assignment(i));
        try {
          loader.load(tree, file.toString(), one, variants);
        } catch (InputError e) {
          throw Overrides.FILE.equals(e.file()) ? a.relocate(e, i) : e;
        }
      }
    }
    List<SweepPoint> out = new ArrayList<>();
    int[] at = new int[axes.size()];
    for (int cell = 0; cell < cells; cell++) {
      List<String> assignments = new ArrayList<>(sets);
      List<String> values = new ArrayList<>();
      for (int k = 0; k < axes.size(); k++) {
        assignments.add(axes.get(k).assignment(at[k]));
        values.add(axes.get(k).values().get(at[k]));
      }
      for (Scenario s : loader.loadChosen(tree, file.toString(), assignments, variants)) {
        out.add(new SweepPoint(cell, values, s));
      }
      if (out.size() > MAX_POINTS) {
        throw new InputError(new Location(Axis.OPTION, "", 1, 1), "the sweep has more than "
            + MAX_POINTS + " scenarios; sweep fewer values or variants", Optional.empty());
      }
      for (int k = axes.size() - 1; k >= 0; k--) {
        if (++at[k] < axes.get(k).values().size()) {
          break;
        }
        at[k] = 0;
      }
    }
    return out;
  }
}
