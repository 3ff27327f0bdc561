package org.locksim.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Why: docs/performance.md's peak-heap table is written by {@code sim-bench/peak-heap.sh}, which
 * runs every bundled scenario; a scenario added or removed since the table was last written
 * leaves it answering for another set of scenarios than the one the memory promise is about.
 * Its rows must be exactly the bundled scenarios (the figures themselves are measured, and
 * not checked here).
 */
class HeapTableTest {
  @Test
  void theHeapTableHasARowForEveryBundledScenarioAndNoOther() throws IOException {
    String page = Files.readString(Path.of("..", "docs", "performance.md"), StandardCharsets.UTF_8);
    int begin = page.indexOf("<!-- begin heap");
    int end = page.indexOf("<!-- end heap -->");
    assertTrue(begin >= 0 && end > begin, "docs/performance.md has no generated heap table");
    Matcher m = Pattern.compile("^\\| `scenarios/([^`]+)` \\|", Pattern.MULTILINE)
        .matcher(page.substring(begin, end));
    List<String> rows = m.results().map(r -> r.group(1)).toList();
    List<String> bundled;
    try (Stream<Path> s = Files.list(Path.of("..", "scenarios"))) {
      bundled = s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".json")).sorted().toList();
    }
    assertEquals(bundled, rows, "run sim-bench/peak-heap.sh > heap.md; sim-bench/performance-doc.sh heap heap.md");
  }
}
