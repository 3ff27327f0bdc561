package org.locksim.validation;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.locksim.scenario.Scenario;
import org.locksim.scenario.ScenarioLoader;

/**
 * Where a reproduction loads its scenarios from: the bundled folder, and {@code --set}-style
 * assignments for some of its files (the sensitivity runs move a fitted parameter this way,
 * through the same override machinery as the command line).
 *
 * @param folder the scenarios folder
 * @param sets assignments by file name; a file not named loads as it is
 */
public record ScenarioSource(Path folder, Map<String, List<String>> sets) {
  public ScenarioSource {
    sets = Map.copyOf(sets);
  }

  /** The folder's scenarios as they are. */
  public static ScenarioSource of(Path folder) {
    return new ScenarioSource(folder, Map.of());
  }

  /** The same folder with {@code assignments} applied to {@code file}. */
  public ScenarioSource with(String file, List<String> assignments) {
    Map<String, List<String>> m = new HashMap<>(sets);
    m.put(file, List.copyOf(assignments));
    return new ScenarioSource(folder, m);
  }

  /** True when no file is overridden. */
  public boolean asBundled() {
    return sets.isEmpty();
  }

  /** The variants of {@code file}, with its assignments applied. */
  public List<Scenario> load(String file) {
    return ScenarioLoader.standard().load(folder.resolve(file), sets.getOrDefault(file, List.of()));
  }
}
