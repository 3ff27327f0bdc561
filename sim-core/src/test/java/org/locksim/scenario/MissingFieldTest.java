package org.locksim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.locksim.scenario.json.InputError;

/**
 * Why: a required field that is missing because its name is misspelt ({@code "nme"}) is the
 * mistake to point at: the error is located at the misspelt field and suggests the name, rather
 * than saying only that the field is missing from the whole object.
 */
class MissingFieldTest {
  static final String REST = "\"machine\": \"pentium4\", \"kernel\": {\"fastPath\": \"inline\"},\n"
      + " \"locks\": [{\"name\": \"m\", \"algorithm\": \"mutex.blocking\"}],\n"
      + " \"workload\": {\"type\": \"uncontended\", \"lock\": \"m\"}}";

  @Test
  void aMisspeltRequiredFieldIsPointedAtWithTheName() {
    InputError e = assertThrows(InputError.class,
        () -> ScenarioLoader.standard().load("m.json", "{\"nme\": \"x\", " + REST, List.of()));
    assertEquals("m.json:1:2: $.nme: missing required field \"name\" in scenario; found \"nme\""
        + " (did you mean \"name\"?)", e.format());
  }

  @Test
  void aRequiredFieldMissingWithNothingLikeItIsLocatedAtTheObject() {
    InputError e = assertThrows(InputError.class,
        () -> ScenarioLoader.standard().load("m.json", "{" + REST, List.of()));
    assertEquals("m.json:1:1: $: missing required field \"name\" in scenario", e.format());
  }
}
