package org.locksim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.locksim.cli.MainTest.Outcome;

/**
 * Why: one word per idea across the commands. {@code compare} and {@code sweep} take the same
 * figures under {@code --figure} (the older {@code --metric} still works), a command's file
 * output is {@code -o/--output} (older names still work), a misspelt command, option or value is
 * answered with the closest valid one and status 2, {@code --json} carries the lock table the
 * text shows, and listings keep their columns in line whatever the length of a name.
 */
class VocabularyTest {
  static final String V1 = MainTest.V1;

  static Outcome run(String... args) {
    return MainTest.run(args);
  }

  @Test
  void compareTakesFigureAndStillMetric() {
    String[] base = {"compare", V1, "--variant", "crit-up", "--variant", "spin-store-up", "--repeat", "2"};
    Outcome figure = run(concat(base, "--figure", "cyclesPerOp"));
    Outcome metric = run(concat(base, "--metric", "cyclesPerOp"));
    assertEquals(0, figure.status(), figure.err());
    assertTrue(figure.out().startsWith("cyclesPerOp, 2 runs each"), figure.out());
    assertEquals(figure.out(), metric.out());
  }

  @Test
  void sweepTakesMetricAndWritesItsCsvWithOutput(@TempDir Path dir) throws IOException {
    String[] base = {"sweep", V1, "--variant", "crit-up", "--vary", "kernel.smp=false,true", "--jobs", "1"};
    Outcome a = run(concat(base, "--figure", "cyclesPerOp", "--output", dir.resolve("a.csv").toString()));
    Outcome b = run(concat(base, "--metric", "cyclesPerOp", "-o", dir.resolve("b.csv").toString()));
    Outcome c = run(concat(base, "--figure", "cyclesPerOp", "--csv", dir.resolve("c.csv").toString()));
    assertEquals(0, a.status(), a.err());
    assertEquals(a.out(), b.out());
    assertEquals(a.out(), c.out());
    String csv = Files.readString(dir.resolve("a.csv"));
    assertTrue(csv.startsWith("kernel.smp,variant,runs,cyclesPerOp_mean"), csv);
    assertEquals(csv, Files.readString(dir.resolve("b.csv")));
    assertEquals(csv, Files.readString(dir.resolve("c.csv")));
  }

  @Test
  void c2cWritesItsCsvWithOutput(@TempDir Path dir) throws IOException {
    Path csv = dir.resolve("c2c.csv");
    Outcome o = run("c2c", "pentium4", "--output", csv.toString(), "--samples", "1", "--round-trips", "2");
    assertEquals(0, o.status(), o.err());
    assertEquals("ping,pong,pair,one_way_ns", Files.readAllLines(csv).get(0));
  }

  @Test
  void aMisspeltCommandIsAnsweredWithTheClosest() {
    Outcome o = run("rn", V1);
    assertEquals(2, o.status());
    assertTrue(o.err().startsWith("locksim: unknown command \"rn\"; expected one of run, sweep,"), o.err());
    assertTrue(o.err().contains("(did you mean \"run\"?)"), o.err());
    assertFalse(o.err().contains("Usage:"), "one line, not the whole usage: " + o.err());
  }

  @Test
  void noCommandPrintsTheCommandsWhereItIsTold() {
    Outcome o = run();
    assertEquals(0, o.status(), o.err());
    assertTrue(o.out().startsWith("Usage: locksim [-hV] [COMMAND]"), o.out());
    assertTrue(o.out().contains("validate"), o.out());
  }

  @Test
  void aMisspeltOptionIsAnsweredWithTheClosest() {
    for (String[] args : List.of(new String[] {"run", V1, "--sede", "3"}, new String[] {"run", V1, "--sede=3"})) {
      Outcome o = run(args);
      assertEquals(2, o.status());
      assertTrue(o.err().contains("unknown option \"--sede\" for locksim run (did you mean \"--seed\"?)"), o.err());
      assertTrue(o.err().contains("'locksim run --help' lists its options"), o.err());
    }
  }

  @Test
  void aMisspeltFigureIsAnsweredWithTheClosestInCompareAndSweep() {
    Outcome c = run("compare", V1, "--figure", "cyclesPerOpp");
    Outcome s = run("sweep", V1, "--vary", "kernel.smp=true", "--figure", "ops,cyclesPerOpp");
    for (Outcome o : List.of(c, s)) {
      assertEquals(2, o.status(), o.err());
      assertTrue(o.err().contains("(did you mean \"cyclesPerOp\"?)"), o.err());
      assertEquals("", o.out());
    }
  }

  @Test
  void jsonWithLockStatCarriesTheLockTable() throws IOException {
    Outcome o = run("run", V1, "--variant", "sleep-smp", "--json", "--lock-stat");
    assertEquals(0, o.status(), o.err());
    JsonNode scenario = new ObjectMapper().readTree(o.out()).get("scenarios").get(0);
    JsonNode lock = scenario.get("lockStat").get(0);
    assertEquals("mutex.blocking", lock.get("algorithm").asText());
    assertTrue(lock.get("acquisitions").asLong() > 0, o.out());
    assertFalse(new ObjectMapper().readTree(run("run", V1, "--variant", "sleep-smp", "--json").out())
        .get("scenarios").get(0).has("lockStat"), "without --lock-stat, no table");
  }

  @Test
  void modelsKeepTheirColumnsInLineWhateverTheTopology() {
    Outcome o = run("models");
    assertEquals(0, o.status(), o.err());
    String[] lines = o.out().split("\n");
    int description = lines[0].indexOf("DESCRIPTION");
    for (String line : lines) {
      assertEquals(' ', line.charAt(description - 1), line);
      assertTrue(line.charAt(description) != ' ', line);
    }
    assertTrue(o.out().contains(" 1S 4xE@2.4GHz 2x[3xP@3.4GHz] "), o.out());
  }

  @Test
  void thePerfBlockWidensItsNameColumnForALongFunctionName() {
    Outcome o = run("run", Path.of("..", "scenarios", "v2-linux-adaptive-spin.json").toString(), "--variant",
        "no-owner-spin", "--set", "run.warmupMs=1", "--set", "run.durationMs=4", "--repeat", "2");
    assertEquals(0, o.status(), o.err());
    assertTrue(o.out().contains("in ticket_spin_unlock "), o.out());
    List<String> lines = Arrays.stream(o.out().split("\n")).filter(l -> l.contains("( +-")).toList();
    assertTrue(lines.size() > 10, o.out());
    for (String line : lines) {
      assertEquals(lines.get(0).indexOf("( +-"), line.indexOf("( +-"), o.out());
    }
    List<String> notes = Arrays.stream(o.out().split("\n")).filter(l -> l.contains(" #  ")).toList();
    for (String line : notes) {
      assertEquals(notes.get(0).indexOf(" #  "), line.indexOf(" #  "), o.out());
    }
  }

  @Test
  void columnsWidenForTheLongestCell() {
    String text = new Columns(false, true, false).row("a", 1, "x").row("a-long-name", 12345, "y").text("  ");
    assertEquals("  a                1  x\n  a-long-name  12345  y\n", text);
  }

  static String[] concat(String[] a, String... b) {
    String[] out = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
