package org.locksim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.locksim.scenario.json.InputError;

/**
 * Why: docs/scenario-format.md tells a new user to start from {@code scenarios/reference.json},
 * "a complete scenario that writes every field out with its default value", and shows it. A
 * setting added to the loader and forgotten there, or a page example edited by hand, would make
 * both wrong. So the settings sections of the file must name every field the loader accepts
 * (the loader's own list, from its error for an unknown field), save the one whose default has
 * no number, and the page's example must be the file without its description.
 */
class ReferenceScenarioTest {
  private static final Path FILE = Path.of("..", "scenarios", "reference.json");
  private static final Path PAGE = Path.of("..", "docs", "scenario-format.md");
  /** Fields whose default cannot be written out: no limit has no number. */
  private static final Set<String> UNWRITABLE = Set.of("kernel.idleLatencyLimitUs");

  /** The fields the loader accepts in {@code section}, as its unknown-field error lists them. */
  private static Set<String> accepted(String section) {
    InputError e = assertThrows(InputError.class,
        () -> ScenarioLoader.standard().load(FILE, List.of(section + ".zzz=1")));
    String m = e.getMessage();
    int from = m.indexOf("expected one of ");
    assertTrue(from >= 0, m);
    String list = m.substring(from + "expected one of ".length());
    int did = list.indexOf(" (did you mean");
    if (did >= 0) {
      list = list.substring(0, did);
    }
    return new TreeSet<>(Arrays.asList(list.strip().split(", ")));
  }

  @ParameterizedTest
  @ValueSource(strings = {"kernel", "scheduler", "run"})
  void theReferenceWritesOutEverySettingTheLoaderAccepts(String section) throws IOException {
    JsonNode file = new ObjectMapper().readTree(FILE.toFile());
    Set<String> written = new TreeSet<>();
    file.get(section).fieldNames().forEachRemaining(written::add);
    Set<String> expected = new TreeSet<>();
    for (String f : accepted(section)) {
      if (!UNWRITABLE.contains(section + "." + f)) {
        expected.add(f);
      }
    }
    assertEquals(expected, written, FILE + "'s " + section + " must name every field the loader"
        + " accepts, with its default");
  }

  @Test
  void thePagesExampleIsTheReferenceWithoutItsDescription() throws IOException {
    String page = Files.readString(PAGE, StandardCharsets.UTF_8);
    int start = page.indexOf("```json\n");
    assertTrue(start >= 0, PAGE + " has no JSON example");
    int end = page.indexOf("```", start + 8);
    ObjectMapper json = new ObjectMapper();
    JsonNode example = json.readTree(page.substring(start + 8, end));
    ObjectNode file = (ObjectNode) json.readTree(FILE.toFile());
    file.remove("description");
    List<String> where = new ArrayList<>();
    file.fieldNames().forEachRemaining(where::add);
    assertEquals(file, example, PAGE + "'s first example must be " + FILE
        + " without its description (fields " + where + ")");
  }
}
