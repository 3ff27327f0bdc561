package org.locksim.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Exists because the trace package sits at the bottom of the layering: it may import only the
 * JDK and locksim's file plumbing ({@code org.locksim.io}, itself JDK only), and only its export
 * subpackage may use Jackson; no file of either may grow past 400 lines.
 */
class TraceLayeringTest {
    private static final Path SOURCES = Path.of("src/main/java/org/locksim/trace");
    private static final Pattern IMPORT = Pattern.compile("^import (static )?([\\w.]+)", Pattern.MULTILINE);

    @Test
    void formatPackageImportsOnlyTheJdk() throws IOException {
        for (Path file : sources(SOURCES, false)) {
            for (String imported : imports(file)) {
                assertTrue(imported.startsWith("java.") || imported.startsWith("org.locksim.io."),
                    file + " imports " + imported);
            }
        }
    }

    @Test
    void exportersImportOnlyTheJdkJacksonAndTheTracePackage() throws IOException {
        for (Path file : sources(SOURCES.resolve("export"), false)) {
            for (String imported : imports(file)) {
                assertTrue(imported.startsWith("java.") || imported.startsWith("com.fasterxml.jackson.core.")
                    || imported.matches("org\\.locksim\\.trace\\.[A-Z]\\w*"), file + " imports " + imported);
            }
        }
    }

    @Test
    void sourceFilesStayUnderFourHundredLines() throws IOException {
        for (Path file : sources(SOURCES, true)) {
            long lines = Files.readAllLines(file).size();
            assertTrue(lines <= 400, file + " has " + lines + " lines");
        }
        assertEquals(true, Files.isDirectory(SOURCES), "run from the module directory");
    }

    private static List<Path> sources(Path dir, boolean deep) throws IOException {
        try (Stream<Path> s = deep ? Files.walk(dir) : Files.list(dir)) {
            return s.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
    }

    private static List<String> imports(Path file) throws IOException {
        Matcher m = IMPORT.matcher(Files.readString(file));
        return m.results().map(r -> r.group(2)).toList();
    }
}
