package org.locksim.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
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
  /** The first render of each scenario, so that the golden and the repeat test render it twice
   * in all rather than three times (V5 repeats 20 builds). */
  static final java.util.Map<Path, String> FIRST = new java.util.concurrent.ConcurrentHashMap<>();

  static Stream<Path> bundled() throws IOException {
    try (Stream<Path> s = Files.list(SCENARIOS)) {
      return s.filter(p -> p.toString().endsWith(".json")).sorted().toList().stream();
    }
  }

  static String firstRender(Path file) {
    return FIRST.computeIfAbsent(file, GoldenOutputTest::render);
  }

  static String render(Path file) {
    StringBuilder text = new StringBuilder();
    List<List<RunResult>> all = new ArrayList<>();
    for (Scenario s : ScenarioLoader.standard().load(file, List.of())) {
      List<RunResult> runs = new ArrayList<>();
      for (int i = 0; i < s.run().repeats(); i++) {
        runs.add(Simulator.run(s, s.run().seed() + i));
      }
      all.add(runs);
      text.append(PerfStatFormat.format(runs));
    }
    return text + "\n--- json ---\n" + ResultJson.format(all);
  }

  @ParameterizedTest
  @MethodSource("bundled")
  void outputMatchesTheGoldenFile(Path file) throws IOException {
    String got = firstRender(file);
    Path golden = GOLDEN.resolve(file.getFileName().toString().replace(".json", ".txt"));
    if (Boolean.getBoolean("locksim.golden.update")) {
      Files.createDirectories(GOLDEN);
      Files.writeString(golden, got, StandardCharsets.UTF_8);
    }
    assertTrue(Files.exists(golden), "no golden file " + golden
        + "; run with -Dlocksim.golden.update=true to create it");
    assertEquals(Files.readString(golden, StandardCharsets.UTF_8), got);
  }

  @ParameterizedTest
  @MethodSource("bundled")
  void sameScenarioAndSeedGiveIdenticalBytes(Path file) {
    assertEquals(firstRender(file), render(file));
  }
}
