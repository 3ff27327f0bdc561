package org.locksim.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Why: docs/model.md shows what some of its rules give, as the output of a command on a bundled
 * scenario; those blocks must be what the command prints today, not figures typed once from an
 * older model. The page's prose is written by hand; every block after an {@code <!-- command: -->}
 * or {@code <!-- output: -->} line is generated as docs/outputs.md's are ({@link OutputsPage}).
 * Regenerate with {@code ./mvnw -q -pl sim-cli test -Dtest=ModelPageTest
 * -Dlocksim.golden.update=true} (or with the whole build's {@code -Dlocksim.golden.update=true}).
 */
class ModelPageTest {
  static final Path PAGE = Path.of("..", "docs", "model.md");

  @Test
  void theModelPageShowsWhatItsCommandsPrintToday(@TempDir Path scratch) throws IOException {
    String text = OutputsPage.checked(PAGE, scratch, "ModelPageTest");
    assertTrue(text.contains("<!-- command: sweep scenarios/rwlocks-2s72t.json"),
        "the reader-writer sweep is generated");
  }
}
