package org.locksim.scenario;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.locksim.scenario.json.InputError;

/**
 * Why: bad input must always come back as one located {@link InputError}, never as another
 * exception (which the command line would report as an internal fault). Thousands of random
 * mutations of the bundled scenarios (characters deleted, duplicated or replaced, tokens
 * swapped for other JSON values) must each load or fail with an InputError that has a file
 * and a message.
 */
class LoaderFuzzTest {
  private static final String[] TOKENS = {
    "0", "-1", "1e9", "1.5", "\"x\"", "true", "null", "[]", "{}", "\"spin.ttas\"",
    "\"pentium4\"", "999999999999", "{\"dist\": \"fixed\", \"ns\": 1}"
  };

  @Test
  void everyMutationLoadsOrGivesALocatedInputError() throws IOException {
    ScenarioLoader loader = ScenarioLoader.standard();
    SplittableRandom r = new SplittableRandom(2026);
    int loaded = 0;
    int rejected = 0;
    for (String name : List.of("reference.json", "v2-linux-adaptive-spin.json",
        "v3-freebsd-test-before-cas.json", "build-openbsd-16cpu.json")) {
      String text = Files.readString(Path.of("..", "scenarios", name), StandardCharsets.UTF_8);
      for (int i = 0; i < 600; i++) {
        String mutated = mutate(text, r);
        try {
          loader.load(name, mutated, List.of());
          loaded++;
        } catch (InputError e) {
          assertTrue(e.file() != null && !e.file().isEmpty(), e.format());
          assertTrue(e.message() != null && !e.message().isBlank(), e.format());
          rejected++;
        } catch (RuntimeException e) {
          fail("mutation " + i + " of " + name + " threw " + e + " instead of an InputError:\n"
              + mutated, e);
        }
      }
    }
    assertTrue(rejected > 1000, "too few mutations were rejected: " + rejected);
    assertTrue(loaded > 0, "no mutation loaded");
  }

  private static String mutate(String text, SplittableRandom r) {
    StringBuilder sb = new StringBuilder(text);
    int edits = 1 + r.nextInt(3);
    for (int e = 0; e < edits; e++) {
      int at = r.nextInt(sb.length());
      switch (r.nextInt(4)) {
        case 0 -> sb.deleteCharAt(at);
        case 1 -> sb.insert(at, sb.charAt(at));
        case 2 -> sb.setCharAt(at, "{}[]\":,0a-.e ".charAt(r.nextInt(13)));
        default -> {
          // Replace a number or string literal with another JSON value.
          int colon = sb.indexOf(":", at);
          if (colon > 0) {
            int end = colon + 1;
            while (end < sb.length() && ",}\n".indexOf(sb.charAt(end)) < 0) {
              end++;
            }
            sb.replace(colon + 1, end, " " + TOKENS[r.nextInt(TOKENS.length)]);
          }
        }
      }
    }
    return sb.toString();
  }
}
