package org.locksim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.locksim.cli.MainTest.Outcome;

/**
 * Why: {@code locksim c2c} is the table a user holds against the core-to-core-latency tool's
 * for a real CPU: every pair and the tool's summary, the same for any number of workers, CSV
 * written whole, JSON that parses, and bad models and CPU lists reported as bad input.
 */
class C2cCommandTest {
  @Test
  void printsEveryPairAndTheSummary() {
    Outcome o = MainTest.run("c2c", "amd64-2s4c");
    assertEquals(0, o.status(), o.err());
    List<String> lines = o.out().lines().toList();
    assertTrue(lines.get(0).startsWith("amd64-2s4c: CAS ping-pong, one way"), o.out());
    assertTrue(lines.stream().anyMatch(l -> l.matches("\\s+7( +[0-9.]+){7}")), o.out());
    assertTrue(lines.stream().anyMatch(l -> l.matches("same socket +12 .*")), o.out());
    assertTrue(lines.stream().anyMatch(l -> l.matches("other socket +16 .*")), o.out());
    assertTrue(o.out().contains("Max  latency:"), o.out());
  }

  @Test
  void theTableIsTheSameForAnyNumberOfJobs() {
    Outcome one = MainTest.run("c2c", "amd64-2015-2s40t", "--cpus", "0-3,20-23", "--jobs", "1");
    Outcome three = MainTest.run("c2c", "amd64-2015-2s40t", "--cpus", "0-3,20-23", "--jobs", "3");
    assertEquals(0, one.status(), one.err());
    assertEquals(one.out(), three.out());
    assertTrue(one.out().contains("SMT sibling"), one.out());
  }

  @Test
  void writesCsvAndJson(@TempDir Path dir) throws IOException {
    Path csv = dir.resolve("c2c.csv");
    Outcome o = MainTest.run("c2c", "apple-m2-pro", "--json", "-o", csv.toString());
    assertEquals(0, o.status(), o.err());
    JsonNode n = new ObjectMapper().readTree(o.out());
    assertEquals("locksim-c2c/1", n.get("format").asText());
    assertEquals(45, n.get("pairs").size());
    List<String> groups = n.get("summary").findValuesAsText("group");
    assertEquals(List.of("same socket", "within cluster", "between clusters"), groups);
    List<String> rows = Files.readAllLines(csv);
    assertEquals("ping,pong,pair,one_way_ns", rows.get(0));
    assertEquals(46, rows.size());
    try (var files = Files.list(dir)) {
      assertEquals(1, files.count(), "no partial file is left");
    }
  }

  @Test
  void badModelsAndCpuListsAreBadInput() {
    Outcome model = MainTest.run("c2c", "amd64-2s4d");
    assertEquals(Main.BAD_INPUT, model.status());
    assertTrue(model.err().contains("unknown CPU model \"amd64-2s4d\"")
        && model.err().contains("did you mean \"amd64-2s4c\""), model.err());
    Outcome outside = MainTest.run("c2c", "amd64-2s4c", "--cpus", "0,9");
    assertEquals(Main.BAD_INPUT, outside.status());
    assertTrue(outside.err().contains("--cpus: CPU 9 is not on this machine, whose CPUs are 0-7"), outside.err());
    Outcome malformed = MainTest.run("c2c", "amd64-2s4c", "--cpus", "4-2");
    assertEquals(Main.BAD_INPUT, malformed.status());
    assertTrue(malformed.err().contains("runs backwards"), malformed.err());
    Outcome one = MainTest.run("c2c", "amd64-2s4c", "--cpus", "3");
    assertEquals(Main.BAD_INPUT, one.status());
    assertFalse(one.err().contains("Exception"), one.err());
  }
}
