package org.locksim.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.locksim.validation.ValidationReport.Result;

/**
 * Why: docs/validation.md must be what {@code locksim validate} says today, not a page written
 * by hand once; the README's count of passing rows must be today's; and the reproductions that
 * pass (V1, V2) must keep passing. Regenerate with
 * {@code ./locksim validate --write docs/validation.md} (or {@code -Dlocksim.golden.update=true}).
 */
class ValidationPageTest {
  @Test
  void theValidationPageIsCurrentAndV1AndV2Pass() throws IOException {
    List<Result> results = new ArrayList<>();
    for (Reproduction r : Reproduction.all()) {
      results.add(new Result(r, r.run(Path.of("..", "scenarios"))));
    }
    Path page = Path.of("..", "docs", "validation.md");
    String expected = ValidationReport.markdown(results);
    if (Boolean.getBoolean("locksim.golden.update")) {
      Files.writeString(page, expected, StandardCharsets.UTF_8);
    }
    assertEquals(expected, Files.readString(page, StandardCharsets.UTF_8));
    // Rows skipped (a model the catalog lacks) check nothing and are not counted.
    long rows = results.stream().flatMap(r -> r.rows().stream()).filter(x -> !x.skipped()).count();
    long passing = results.stream().flatMap(r -> r.rows().stream())
        .filter(x -> x.pass() && !x.skipped()).count();
    String readme = Files.readString(Path.of("..", "README.md"), StandardCharsets.UTF_8);
    String count = "Today " + passing + " of " + rows + " rows pass.";
    assertTrue(readme.replaceAll("\\s+", " ").contains(count),
        "README.md's \"What it reproduces\" must say: " + count);
    for (Result r : results) {
      if (r.reproduction().id().equals("V1") || r.reproduction().id().equals("V2")) {
        assertTrue(r.pass(), r.reproduction().id() + " left its band:\n" + ValidationReport.text(List.of(r)));
      }
    }
  }
}
