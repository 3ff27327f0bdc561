package org.locksim.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.locksim.report.perf.PerfStatFormat;
import org.locksim.report.perf.ResultJson;
import org.locksim.run.RunResult;
import org.locksim.run.Simulator;
import org.locksim.scenario.Scenario;
import org.locksim.scenario.ScenarioLoader;

/**
 * Why: every bundled scenario's output is pinned, so a change to the model shows up as a
 * reviewed diff of golden files, and the same scenario and seed must give the same bytes.
 * Regenerate with {@code -Dlocksim.golden.update=true} after a deliberate model change.
 */
class GoldenOutputTest {
  static final Path SCENARIOS = Path.of("..", "scenarios");
  static final Path GOLDEN = Path.of("src", "test", "resources", "golden");

  static Stream<Path> bundled() throws IOException {
    try (Stream<Path> s = Files.list(SCENARIOS)) {
      return s.filter(p -> p.toString().endsWith(".json")).sorted().toList().stream();
    }
  }

  /** Every variant and repeat of {@code file}, as {@code locksim run --json} shows them, from the shared runs. */
  static String render(Path file) {
    StringBuilder text = new StringBuilder();
    List<List<RunResult>> all = new ArrayList<>();
    for (Scenario s : ScenarioLoader.standard().load(file, List.of())) {
      List<RunResult> runs = new ArrayList<>();
      for (int i = 0; i < s.run().repeats(); i++) {
        runs.add(SharedRuns.SOURCE.run(s, s.run().seed() + i));
      }
      all.add(runs);
      text.append(PerfStatFormat.format(runs));
    }
    return text + "\n--- json ---\n" + ResultJson.format(all);
  }

  @ParameterizedTest
  @MethodSource("bundled")
  void outputMatchesTheGoldenFile(Path file) throws IOException {
    String got = render(file);
    Path golden = GOLDEN.resolve(file.getFileName().toString().replace(".json", ".txt"));
    if (Boolean.getBoolean("locksim.golden.update")) {
      Files.createDirectories(GOLDEN);
      Files.writeString(golden, got, StandardCharsets.UTF_8);
    }
    assertTrue(Files.exists(golden), "no golden file " + golden
        + "; run with -Dlocksim.golden.update=true to create it");
    assertEquals(Files.readString(golden, StandardCharsets.UTF_8), got);
  }

  /**
   * The first run of {@code file}'s variant that costs the fewest events (the first variant of
   * those that cost as few): simulated afresh, or from the shared runs.
   */
  static String renderOneRun(Path file, boolean afresh) {
    Scenario s = ScenarioLoader.standard().load(file, List.of()).stream()
        .min(Comparator.comparingLong(v -> SharedRuns.SOURCE.run(v, v.run().seed()).events()))
        .orElseThrow();
    long seed = s.run().seed();
    RunResult r = afresh ? Simulator.run(s, seed) : SharedRuns.SOURCE.run(s, seed);
    return PerfStatFormat.format(List.of(r)) + ResultJson.format(List.of(List.of(r)));
  }

  /*
   * Each scenario's cheapest variant's first run, simulated afresh (not from the shared runs)
   * and compared with the shared run of the same scenario and seed, which another simulation
   * of this JVM made: the golden files pin every variant and repeat across JVMs; this pins that
   * a run is a function of its scenario and seed within one, at a small part of the cost of
   * simulating every golden twice.
   */
  /**
   * The scenarios whose cheapest run is simulated once only, as they cost the suite about 7.5
   * CPU-seconds a second time: {@code reference.json}'s second of the uncontended loop on the
   * Pentium 4 (41.6 M events; {@code v1-pentium4.json} runs that workload on that machine twice)
   * and V5's build of 400 jobs on the eight-CPU Bulldozer (the build runs twice in V4's and the
   * OpenBSD build's scenarios, busy SMT siblings in V2's and V3's). Their golden
   * files pin their bytes from one JVM to the next.
   */
  static final Set<String> SIMULATED_ONCE = Set.of("reference.json", "v5-linux-asm-goto.json");

  static Stream<Path> simulatedTwice() throws IOException {
    return bundled().filter(p -> !SIMULATED_ONCE.contains(p.getFileName().toString()));
  }

  @Test
  void theScenariosSimulatedOnceAreBundled() throws IOException {
    Set<String> names = bundled().map(p -> p.getFileName().toString()).collect(Collectors.toSet());
    assertTrue(names.containsAll(SIMULATED_ONCE), "not bundled: " + SIMULATED_ONCE);
  }

  @ParameterizedTest
  @MethodSource("simulatedTwice")
  void sameScenarioAndSeedGiveIdenticalBytes(Path file) {
    assertEquals(renderOneRun(file, false), renderOneRun(file, true));
  }
}
