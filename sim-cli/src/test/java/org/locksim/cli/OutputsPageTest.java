package org.locksim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Why: docs/outputs.md shows what each command prints; its examples must be what the commands
 * print today, from the bundled scenarios, not text pasted once from an older model. The page's
 * prose is written by hand; every command and output block after an {@code <!-- command: -->} or
 * {@code <!-- output: -->} line is generated ({@link OutputsPage}) and compared here. Regenerate
 * with {@code ./mvnw -q -pl sim-cli test -Dtest=OutputsPageTest -Dlocksim.golden.update=true}
 * (or with the whole build's {@code -Dlocksim.golden.update=true}).
 */
class OutputsPageTest {
  static final Path PAGE = Path.of("..", "docs", "outputs.md");

  @Test
  void theOutputsPageShowsWhatTheCommandsPrintToday(@TempDir Path scratch) throws IOException {
    String text = OutputsPage.checked(PAGE, scratch, "OutputsPageTest");
    assertTrue(text.split("<!-- command").length > 10, "the page's examples are generated");
    // The charts the page shows are the ones its sweep and compare examples draw: copied from
    // their run when regenerating, and checked to hold the same panels, axes and series (their
    // glyph outlines come from the machine's fonts, so their bytes are not compared).
    for (String chart : new String[] {"sweep.svg", "compare.svg"}) {
      Path shown = PAGE.resolveSibling("img").resolve(chart);
      assertTrue(text.contains("](img/" + chart + ")"), "docs/outputs.md shows img/" + chart);
      if (Boolean.getBoolean("locksim.golden.update")) {
        Files.createDirectories(shown.getParent());
        Files.copy(scratch.resolve(chart), shown, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      }
      assertTrue(Files.exists(shown), shown + " is missing; regenerate as above");
      assertEquals(OutputsPage.chart(scratch.resolve(chart)), OutputsPage.chart(shown),
          shown + " is stale; regenerate as above");
    }
  }

  @Test
  void aStaleExampleIsFoundAndReplaced(@TempDir Path scratch) throws IOException {
    String stale = "intro\n<!-- command: models -->\n```\n./locksim models --old\n```\n\n"
        + "<!-- output: stdout from ^pentium4 -->\n```\nold output\n```\nend\n";
    String page = new OutputsPage(Path.of(".."), scratch).generate(stale);
    assertTrue(page.startsWith("intro\n<!-- command: models -->\n```\n./locksim models\n```\n\n"), page);
    assertTrue(page.contains("```\npentium4 "), page);
    assertTrue(page.endsWith("```\nend\n"), page);
    assertEquals(page, new OutputsPage(Path.of(".."), scratch).generate(page), "generating is idempotent");
  }

  @Test
  void anIndentedDirectiveIsRefusedRatherThanLeftUnchecked(@TempDir Path scratch) {
    String indented = "- a list item\n\n  <!-- command: models -->\n  ```\n  ```\n";
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> new OutputsPage(Path.of(".."), scratch).generate(indented));
    assertTrue(e.getMessage().startsWith("line 3: a directive must start its line"), e.getMessage());
  }

  @Test
  void commandsAreSplitAsAShellSplitsThem() {
    assertEquals(java.util.List.of("sweep", "f.json", "--vary", "a={\"b\": 1},{\"b\": 2}", "-q"),
        java.util.List.of(OutputsPage.shellWords("sweep  f.json --vary 'a={\"b\": 1},{\"b\": 2}' -q")));
    assertThrows(IllegalArgumentException.class, () -> OutputsPage.shellWords("run 'x"));
  }

  @Test
  void aCommandThatFailsIsAnErrorUnlessItsStatusIsShown(@TempDir Path scratch) throws IOException {
    String failing = "<!-- command: sweep scenarios/v1-pentium4.json -->\n```\n```\n";
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> new OutputsPage(Path.of(".."), scratch).generate(failing));
    assertTrue(e.getMessage().contains("exit status 2"), e.getMessage());
    String shown = new OutputsPage(Path.of(".."), scratch).generate(failing.replace("command:", "command+status:"));
    assertTrue(shown.contains("; echo \"exit status $?\""), shown);
  }

  @Test
  void aDirectiveWithoutItsBlockIsAnError(@TempDir Path scratch) {
    assertThrows(IllegalStateException.class,
        () -> new OutputsPage(Path.of(".."), scratch).generate("<!-- command: models -->\ntext\n"));
  }
}
