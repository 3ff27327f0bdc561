package org.locksim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.locksim.cli.MainTest.Outcome;
import org.locksim.testing.ChildJvm;

/**
 * Why: {@code locksim validate} is how a new user checks the model against what was published;
 * it must find the bundled scenarios from any directory (the tests run in sim-cli/, which has no
 * scenarios folder), say which reproductions exist when {@code --only} names another, and never
 * write a partial docs/validation.md over the full one.
 */
class ValidateCommandTest {
  static final String SCENARIOS = Path.of("..", "scenarios").toString();

  static Outcome run(String... args) {
    return MainTest.run(args);
  }

  @Test
  void findsTheBundledScenariosWithoutBeingToldWhere() {
    assertFalse(Files.exists(Path.of("scenarios")), "the test needs a working directory without scenarios");
    Outcome o = run("validate", "--only", "V1");
    assertEquals(0, o.status(), o.err());
    assertTrue(o.out().contains("predictions: 10 of 10 in band; fit and input rows: 8 of 8"), o.out());
  }

  @Test
  void theBuildPacksEveryBundledScenario() throws IOException {
    Path packed = BundledScenarios.packed().orElseThrow();
    for (Path f : list(Path.of(SCENARIOS))) {
      assertEquals(Files.readString(f), Files.readString(packed.resolve(f.getFileName().toString())), f.toString());
    }
    assertEquals(list(Path.of(SCENARIOS)).size(), list(packed).size());
  }

  @Test
  void startedFromAnotherDirectoryItFindsTheScenariosOfItsCheckout(@TempDir Path elsewhere)
      throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(ChildJvm.command(Main.class.getName()));
    cmd.addAll(List.of("validate", "--only", "V1", "--jobs", "1"));
    Process p = new ProcessBuilder(cmd)
        .directory(elsewhere.toFile()).redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(5, TimeUnit.MINUTES));
    assertEquals(0, p.exitValue(), output);
    assertTrue(output.contains("pentium4 spin-xchg-smp"), output);
    assertTrue(BundledScenarios.nextToInstallation().orElseThrow().toRealPath()
        .equals(Path.of(SCENARIOS).toRealPath()), "the checkout's scenarios come first");
  }

  @Test
  void anUnknownReproductionIsBadInputThatListsTheIds() {
    Outcome o = run("validate", "--only", "V1,V9");
    assertEquals(2, o.status(), o.err());
    assertTrue(o.err().contains("--only: unknown reproduction \"V9\"; expected one of V1, V2, V3, V4, V5, V6, V7"),
        o.err());
    assertEquals("", o.out());
  }

  @Test
  void onlyWithWriteIsRefusedBeforeAnyRunAndWritesNothing(@TempDir Path dir) throws IOException {
    Path page = dir.resolve("validation.md");
    Files.writeString(page, "the full page\n");
    Outcome o = run("validate", "--only", "V1", "--write", page.toString());
    assertEquals(2, o.status(), o.err());
    assertTrue(o.err().contains("--write writes the whole page"), o.err());
    assertEquals("", o.out());
    assertEquals("the full page\n", Files.readString(page));
    assertEquals(List.of(page), list(dir));
  }

  @Test
  void writeIntoAMissingFolderIsBadInputBeforeAnyRun(@TempDir Path dir) {
    Outcome o = run("validate", "--write", dir.resolve("no/such/validation.md").toString());
    assertEquals(2, o.status(), o.err());
    assertTrue(o.err().contains("no such folder"), o.err());
    assertEquals("", o.out());
  }

  private static List<Path> list(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.sorted().toList();
    }
  }
  @Test
  void validateRunsAReproductionAndPrintsItsRows() {
    Outcome o = run("validate", "--scenarios", Path.of("..", "scenarios").toString(), "--only", "V1");
    assertEquals(0, o.status(), o.err());
    assertTrue(o.out().contains("pentium4 spin-xchg-smp"), o.out());
    assertTrue(o.out().contains("predictions: 10 of 10 in band; fit and input rows: 8 of 8"), o.out());
    assertTrue(o.out().contains("fit: machine.costs.lockCmpxchg.value"), o.out());
  }

  @Test
  void validateJsonGivesEachRowItsKindAndEachFitItsParameter() throws IOException {
    Outcome o = run("validate", "--scenarios", Path.of("..", "scenarios").toString(), "--only", "V1", "--json",
        "--sensitivity");
    assertEquals(0, o.status(), o.err());
    JsonNode root = new ObjectMapper().readTree(o.out());
    assertEquals(8, root.get("sensitivity").size(), "one per fitted cost of V1: " + o.out());
    assertEquals("machine.costs.cmpxchg.value", root.get("sensitivity").get(0).get("parameter").asText());
    assertTrue(root.get("headline").asText().startsWith("predictions: 10 of 10 in band"), o.out());
    JsonNode rows = root.get("reproductions").get(0).get("rows");
    assertEquals("fit", rows.get(0).get("kind").asText());
    assertEquals("machine.costs.cmpxchg.value", rows.get(0).get("parameter").asText());
    assertEquals("v1-pentium3.json", rows.get(0).get("scenario").asText());
    assertEquals("prediction", rows.get(3).get("kind").asText());
    assertFalse(rows.get(3).has("parameter"));
    assertFalse(root.get("reproductions").get(0).has("findings"), "V1 computes no findings: " + o.out());
  }

  @Test
  void validateRefusesNoThreads() {
    Outcome o = run("validate", "--scenarios", Path.of("..", "scenarios").toString(), "--only", "V1", "--jobs", "0");
    assertEquals(2, o.status(), o.err());
    assertTrue(o.err().contains("--jobs must be at least 1"), o.err());
  }
}
