package org.locksim.trace.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.locksim.run.record.Recorded;
import org.locksim.trace.TraceFile;

/**
 * Why: the synthetic traces of the exporter's own tests cannot show what a simulated run does
 * to the Chrome format (zero-length and back-to-back slices, flows between many lanes); a real
 * recorded run must parse as JSON and nest on every lane.
 */
class RecordedRunExportTest {
  @TempDir
  Path dir;

  @Test
  void aRecordedContentionRunExportsParsesAndNestsOnEveryLane() throws IOException {
    Path file = dir.resolve("run.lst");
    Recorded.trace(Recorded.small(), 1, file, null);
    StringWriter out = new StringWriter();
    try (TraceFile t = TraceFile.open(file)) {
      ChromeTraceExporter.write(t, out);
    }
    JsonNode root = new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
        .readTree(out.toString());
    ChromeTraceExporterTest.assertEveryLaneNests(root);
    Set<String> phases = new HashSet<>();
    Set<String> flows = new HashSet<>();
    for (JsonNode e : root.get("traceEvents")) {
      phases.add(e.get("ph").asText());
      if (e.get("ph").asText().equals("s")) {
        flows.add(e.get("cat").asText());
      }
    }
    assertTrue(phases.containsAll(Set.of("M", "X", "b", "e", "C", "s", "f")), phases.toString());
    assertEquals(Set.of("handoff", "wakeup", "migration"), flows);
    assertEquals("contention-small", root.get("otherData").get("scenario").asText());
  }
}
