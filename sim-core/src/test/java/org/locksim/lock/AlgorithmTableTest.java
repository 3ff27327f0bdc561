package org.locksim.lock;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Why: docs/scenario-format.md's table of algorithms tells a user which parameters each lock
 * takes; a parameter added to a lock and not to the table (as {@code spin.ttas}'s backoff and
 * {@code spin.ticket}'s once were) leaves the page saying "none" for a lock that has three. So
 * the table must name every bundled algorithm once, with exactly its parameters, in the order
 * {@code locksim locks} gives them.
 */
class AlgorithmTableTest {
  private static final Path PAGE = Path.of("..", "docs", "scenario-format.md");
  private static final Pattern ROW = Pattern.compile("^\\| `([a-z0-9.-]+)` \\| .* \\| ([^|]+) \\|$");
  private static final Pattern PARAM = Pattern.compile("`([A-Za-z0-9]+)`");

  @Test
  void theTableGivesEveryAlgorithmItsParameters() throws IOException {
    Map<String, List<String>> documented = new TreeMap<>();
    for (String line : Files.readAllLines(PAGE)) {
      Matcher m = ROW.matcher(line);
      if (m.matches() && (m.group(1).contains("."))) {
        List<String> params = new ArrayList<>();
        Matcher p = PARAM.matcher(m.group(2));
        while (p.find()) {
          params.add(p.group(1));
        }
        documented.put(m.group(1), params);
      }
    }
    Map<String, List<String>> registered = new TreeMap<>();
    for (LockRegistry.Entry e : LockRegistry.standard().entries()) {
      registered.put(e.name(), e.params().stream().map(ParamSpec::name).toList());
    }
    assertEquals(registered, documented);
  }
}
