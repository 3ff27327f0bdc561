package org.locksim.validation;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.locksim.run.Parallel;
import org.locksim.run.RunResult;
import org.locksim.run.Simulator;
import org.locksim.scenario.Scenario;
import org.locksim.scenario.ScenarioLoader;

/**
 * Where a reproduction loads its scenarios from: the bundled folder, and {@code --set}-style
 * assignments for some of its files (the sensitivity runs move a fitted parameter this way,
 * through the same override machinery as the command line).
 *
 * @param folder the scenarios folder
 * @param sets assignments by file name; a file not named loads as it is
 * @param runs how a loaded scenario is run
 * @param threads how many runs a reproduction may simulate at once ({@code validate --jobs})
 */
public record ScenarioSource(Path folder, Map<String, List<String>> sets, Runs runs, int threads) {
  /** How a scenario is run with a seed: {@link Simulator#run}, or a memo of it. */
  public interface Runs {
    RunResult run(Scenario scenario, long seed);
  }

  public ScenarioSource {
    sets = Map.copyOf(sets);
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be at least 1, not " + threads);
    }
  }

  /** The folder's scenarios as they are, each run simulated afresh. */
  public static ScenarioSource of(Path folder) {
    return new ScenarioSource(folder, Map.of(), Simulator::run, Parallel.cores());
  }

  /**
   * The folder's scenarios as they are, each run simulated once and remembered: a run is a
   * function of its scenario (a value) and its seed, so reproductions and golden outputs that
   * run the same scenario share the run.
   */
  public static ScenarioSource remembering(Path folder) {
    // A future per run, made under the map's lock and completed outside it: a run simulated
    // inside computeIfAbsent would also block other runs whose keys share its bin.
    Map<List<Object>, CompletableFuture<RunResult>> done = new ConcurrentHashMap<>();
    return new ScenarioSource(folder, Map.of(), (s, seed) -> {
      CompletableFuture<RunResult> mine = new CompletableFuture<>();
      CompletableFuture<RunResult> theirs = done.putIfAbsent(List.of(s, seed), mine);
      if (theirs != null) {
        return theirs.join();
      }
      try {
        mine.complete(Simulator.run(s, seed));
      } catch (RuntimeException | Error e) {
        mine.completeExceptionally(e);
        throw e;
      }
      return mine.join();
    }, Parallel.cores());
  }

  /** Runs {@code scenario} with {@code seed} as this source runs scenarios. */
  public RunResult run(Scenario scenario, long seed) {
    return runs.run(scenario, seed);
  }

  /** The same folder with {@code assignments} applied to {@code file}. */
  public ScenarioSource with(String file, List<String> assignments) {
    Map<String, List<String>> m = new HashMap<>(sets);
    m.put(file, List.copyOf(assignments));
    return new ScenarioSource(folder, m, runs, threads);
  }

  /** The same source, with at most {@code n} runs simulated at once. */
  public ScenarioSource withThreads(int n) {
    return new ScenarioSource(folder, sets, runs, n);
  }

  /**
   * The same source with every seed a reproduction asks for shifted by {@code offset}: the
   * reproduction's runs, each with other draws ({@code validate --seeds}).
   */
  public ScenarioSource shifted(long offset) {
    return new ScenarioSource(folder, sets, (s, seed) -> runs.run(s, seed + offset), threads);
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
