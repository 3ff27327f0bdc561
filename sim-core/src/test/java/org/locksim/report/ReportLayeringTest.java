package org.locksim.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Why: {@code metrics} and the report writers sit at the bottom of sim-core's layers
 * (ARCHITECTURE.md); an import of the engine, a lock or a workload from here would run the
 * dependency arrow back up. Also only report writers, not metrics, may use Jackson.
 */
class ReportLayeringTest {

    private static final Pattern IMPORT = Pattern.compile("^import\\s+(static\\s+)?([\\w.]+)", Pattern.MULTILINE);
    private static final Path MAIN = Path.of("src/main/java/org/locksim");

    @Test
    void metricsImportsNoOtherLocksimPackageNorJackson() throws IOException {
        List<String> bad = violations(MAIN.resolve("metrics"),
                i -> (i.startsWith("org.locksim.") && !i.startsWith("org.locksim.metrics."))
                        || i.startsWith("com.fasterxml."));
        assertEquals(List.of(), bad);
    }

    @Test
    void reportImportsOnlyReportAndMetrics() throws IOException {
        // report.perf formats whole run results and so sits above run; the other report
        // writers format raw statistics and stay at the bottom.
        List<String> bad = violations(MAIN.resolve("report"),
                i -> i.startsWith("org.locksim.") && !i.startsWith("org.locksim.report.")
                        && !i.startsWith("org.locksim.metrics.") && !i.startsWith("org.locksim.io."));
        bad.removeIf(v -> v.startsWith("PerfStatFormat.java") || v.startsWith("ResultJson.java"));
        assertEquals(List.of(), bad);
    }

    @Test
    void fileIoImportsOnlyTheJdk() throws IOException {
        assertEquals(List.of(), violations(MAIN.resolve("io"), i -> !i.startsWith("java.")));
    }

    @Test
    void engineKnowsNothingOfCpusLocksJsonOrUis() throws IOException {
        List<String> bad = violations(MAIN.resolve("engine"),
                i -> (i.startsWith("org.locksim.") && !i.startsWith("org.locksim.engine."))
                        || i.startsWith("com.fasterxml.") || i.startsWith("javafx."));
        assertEquals(List.of(), bad);
    }

    @Test
    void nothingBelowScenarioTouchesJackson() throws IOException {
        for (String pkg : List.of("engine", "random", "machine", "sched", "lock", "workload", "metrics")) {
            if (Files.isDirectory(MAIN.resolve(pkg))) {
                assertEquals(List.of(), violations(MAIN.resolve(pkg), i -> i.startsWith("com.fasterxml.")), pkg);
            }
        }
    }

    private static List<String> violations(Path root, java.util.function.Predicate<String> forbidden)
            throws IOException {
        assertTrue(Files.isDirectory(root), "run from the sim-core module directory: " + root.toAbsolutePath());
        List<String> bad = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".java"))::iterator) {
                Matcher m = IMPORT.matcher(Files.readString(f));
                while (m.find()) {
                    if (forbidden.test(m.group(2))) {
                        bad.add(f.getFileName() + ": " + m.group(2));
                    }
                }
            }
        }
        return bad;
    }
}
