package org.locksim.ui;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Exists because the app's logic is tested without a display only while it stays out of
 * JavaFX: the packages that compute what the view shows (timeline, selection, search, replay,
 * session) must not name JavaFX, and no source file of the module may pass 400 lines.
 */
class UiLayeringTest {
  private static final Path SOURCES = Path.of("src/main/java/org/locksim/ui");

  @Test
  void theLogicPackagesDoNotUseJavaFx() throws IOException {
    List<Path> files = sources(List.of("timeline", "selection", "search", "replay", "session", "align"));
    assertTrue(files.size() >= 15, "found " + files.size() + " files: run from the module directory");
    for (Path f : files) {
      assertFalse(Files.readString(f).contains("javafx."), f + " uses JavaFX");
    }
  }

  @Test
  void sourceFilesStayUnderFourHundredLines() throws IOException {
    try (Stream<Path> s = Files.walk(SOURCES)) {
      for (Path f : s.filter(p -> p.toString().endsWith(".java")).toList()) {
        long lines = Files.readAllLines(f).size();
        assertTrue(lines <= 400, f + " has " + lines + " lines");
      }
    }
  }

  private static List<Path> sources(List<String> packages) throws IOException {
    List<Path> out = new java.util.ArrayList<>();
    for (String p : packages) {
      try (Stream<Path> s = Files.list(SOURCES.resolve(p))) {
        s.filter(f -> f.toString().endsWith(".java")).forEach(out::add);
      }
    }
    return out;
  }
}
