package org.locksim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Why: the command line is what a new user meets first; its exit statuses (0 ok, 2 bad input,
 * 1 internal fault) and its refusal to print stack traces for bad input are promises.
 */
class MainTest {
  record Outcome(int status, String out, String err) { }

  static Outcome run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int rc = Main.execute(args, new PrintWriter(out), new PrintWriter(err));
    return new Outcome(rc, out.toString(), err.toString());
  }

  static final String V1 = Path.of("..", "scenarios", "v1-pentium4.json").toString();

  /**
   * A scenario that runs in milliseconds, for the commands' option tests: one blocking mutex
   * taken uncontended on a Pentium 4 for 0.2 ms; {@code run} is more members of {@code run}
   * (each after a comma) and {@code rest} more members of the scenario.
   */
  static String tinyScenario(String name, String run, String rest) {
    return "{\"name\": \"" + name + "\", \"machine\": \"pentium4\", \"kernel\": {\"fastPath\": \"inline\"},"
        + " \"locks\": [{\"name\": \"m\", \"algorithm\": \"mutex.blocking\"}],"
        + " \"workload\": {\"type\": \"uncontended\", \"lock\": \"m\"},"
        + " \"run\": {\"warmupMs\": 0.01, \"durationMs\": 0.2" + run + "}" + rest + "}";
  }

  @Test
  void runsABundledScenarioAndPrintsAPerfStatBlock() {
    Outcome o = run("run", V1, "--variant", "sleep-smp");
    assertEquals(0, o.status(), o.err());
    assertTrue(o.out().contains("Performance counter stats for 'v1-pentium4/sleep-smp'"), o.out());
    assertTrue(o.out().contains("cycles/op"), o.out());
  }

  @Test
  void repeatsPrintTheSpread() {
    Outcome o = run("run", V1, "--variant", "crit-up", "--repeat", "3");
    assertEquals(0, o.status(), o.err());
    assertTrue(o.out().contains("(3 runs)"), o.out());
    assertTrue(o.out().contains("( +-"), o.out());
  }

  @Test
  void runsAtOnceGiveTheSameOutputAsOneAfterAnother() {
    // Every variant of V1 with two repeats each: 16 runs, printed variant by variant.
    Outcome one = run("run", V1, "--repeat", "2", "--jobs", "1", "--lock-stat");
    Outcome three = run("run", V1, "--repeat", "2", "--jobs", "3", "--lock-stat");
    assertEquals(0, three.status(), three.err());
    assertTrue(one.out().indexOf("sleep-up") < one.out().indexOf("spin-store-smp"), one.out());
    assertEquals(one.out(), three.out());
    assertEquals(run("run", V1, "--json", "--jobs", "1").out(),
        run("run", V1, "--json", "--jobs", "4").out());
  }

  @Test
  void aJobCountBelowOneExitsWithTwo() {
    Outcome o = run("run", V1, "--jobs", "0");
    assertEquals(2, o.status(), o.err());
    assertTrue(o.err().contains("--jobs") && o.err().contains("got 0"), o.err());
    assertFalse(o.err().contains("Exception"), o.err());
  }

  @Test
  void jsonIsMachineReadable() throws IOException {
    Outcome o = run("run", V1, "--variant", "spin-store-up", "--json");
    assertEquals(0, o.status(), o.err());
    JsonNode n = new ObjectMapper().readTree(o.out());
    assertEquals("locksim-result/1", n.get("format").asText());
    assertEquals(132, n.get("scenarios").get(0).get("runs").get(0).get("cyclesPerOp").asDouble(), 132 * 0.15);
  }

  @Test
  void setOverridesAField() {
    Outcome o = run("run", V1, "--variant", "sleep-smp", "--set", "kernel.smp=false");
    assertEquals(0, o.status(), o.err());
    assertTrue(o.out().contains("              39.0"), o.out());
  }

  @Test
  void sweepTabulatesEachValueAndWritesTheCsv(@TempDir Path dir) throws IOException {
    Path csv = dir.resolve("sweep.csv");
    Outcome o = run("sweep", V1, "--variant", "spin-xchg-up", "--variant", "spin-store-up",
        "--vary", "kernel.smp=false,true", "--figure", "cyclesPerOp", "--csv", csv.toString());
    assertEquals(0, o.status(), o.err());
    assertTrue(o.out().contains("kernel.smp  variant"), o.out());
    // The published UP and SMP costs of seed 004: the sweep runs the variants as run does.
    assertTrue(o.out().contains("274.0"), o.out());
    assertTrue(o.out().contains("384.5"), o.out());
    assertTrue(o.out().contains("change"), o.out());
    java.util.List<String> lines = Files.readAllLines(csv);
    assertEquals(5, lines.size(), lines.toString());
    assertEquals("kernel.smp,variant,runs,cyclesPerOp_mean,cyclesPerOp_stddev,cyclesPerOp_ci95_t,"
        + "cyclesPerOp_change_pct,cyclesPerOp_change_ci95_t", lines.get(0));
    assertTrue(lines.get(3).startsWith("true,spin-xchg-up,1,384.5"), lines.get(3));
    try (var left = Files.list(dir)) {
      assertEquals(1, left.count(), "no partial file may remain");
    }
  }

  @Test
  void sweepReportsABadValueWhereVaryWroteIt() {
    Outcome o = run("sweep", V1, "--vary", "kernel.spinRelease=xchg,stor");
    assertEquals(2, o.status());
    assertTrue(o.err().contains("--vary:1:25:"), o.err());
    assertTrue(o.err().contains("did you mean \"store\""), o.err());
    assertFalse(o.err().contains("\tat "), o.err());
  }

  @Test
  void badInputExitsWithTwoAndALocatedMessageWithoutAStackTrace(@TempDir Path dir) throws IOException {
    Path f = dir.resolve("bad.json");
    Files.writeString(f, "{\n  \"name\": \"x\",\n  \"machine\": \"pentium5\",\n"
        + "  \"locks\": [], \"workload\": {}\n}\n");
    Outcome o = run("run", f.toString());
    assertEquals(2, o.status());
    assertTrue(o.err().contains("bad.json:3:"), o.err());
    assertTrue(o.err().contains("$.machine"), o.err());
    assertTrue(o.err().contains("did you mean"), o.err());
    assertFalse(o.err().contains("\tat "), o.err());
  }

  @Test
  void aNegativeLocktortureDelayExitsWithTwoAtItsPlace(@TempDir Path dir) throws IOException {
    Path f = dir.resolve("torture.json");
    Files.writeString(f, "{\n  \"name\": \"x\",\n  \"machine\": \"amd64-16cpu\",\n"
        + "  \"locks\": [{\"name\": \"l\", \"algorithm\": \"spin.ticket\"}],\n"
        + "  \"workload\": {\"type\": \"locktorture\", \"lock\": \"l\", \"writers\": 4,\n"
        + "    \"shortDelayUs\": -2}\n}\n");
    Outcome o = run("run", f.toString());
    assertEquals(2, o.status());
    assertTrue(o.err().contains("torture.json:6:21:"), o.err());
    assertTrue(o.err().contains("$.workload.shortDelayUs"), o.err());
    assertFalse(o.err().contains("\tat "), o.err());
  }

  @Test
  void missingFileExitsWithTwo() {
    Outcome o = run("run", "no/such/file.json");
    assertEquals(2, o.status());
    assertTrue(o.err().contains("no/such/file.json"), o.err());
    assertFalse(o.err().contains("\tat "), o.err());
  }

  @Test
  void unknownVariantSuggestsTheClosest() {
    Outcome o = run("run", V1, "--variant", "sleep-smpp");
    assertEquals(2, o.status());
    assertTrue(o.err().contains("sleep-smp"), o.err());
  }

  @Test
  void unknownOptionExitsWithTwo() {
    assertEquals(2, run("run", V1, "--sede", "3").status());
  }

  @Test
  void listsModelsAndLocks() {
    Outcome m = run("models");
    assertEquals(0, m.status());
    assertTrue(m.out().contains("apple-m2-pro"));
    Outcome l = run("locks");
    assertEquals(0, l.status());
    assertTrue(l.out().contains("spin.mutex"));
    // What each algorithm can serve: readers on the rw locks, user space on the textbook ones.
    String rw = l.out().lines().filter(x -> x.startsWith("rw.qrwlock ")).findFirst().orElseThrow();
    String mcs = l.out().lines().filter(x -> x.startsWith("queued.mcs ")).findFirst().orElseThrow();
    String qspin = l.out().lines().filter(x -> x.startsWith("queued.qspinlock ")).findFirst().orElseThrow();
    assertTrue(rw.endsWith("[reads]") && mcs.endsWith("[user space]") && !qspin.contains("["), l.out());
    // A choice parameter names its choices.
    assertTrue(l.out().lines().anyMatch(x -> x.trim().startsWith("version ") && x.endsWith("(one of v5.12, v5.10)")),
        l.out());
  }

  @Test
  void lockStatPrintsTheKernelLayout() {
    Outcome o = run("run", V1, "--variant", "sleep-smp", "--lock-stat");
    assertEquals(0, o.status(), o.err());
    assertTrue(o.out().contains("lock_stat version 0.4"), o.out());
    assertTrue(o.out().contains("acquisitions"), o.out());
  }

  @Test
  void compareRunsTwoVariantsAndPrintsMinistat(@TempDir Path dir) throws IOException {
    Path f = dir.resolve("two.json");
    Files.writeString(f, tinyScenario("two", "",
        ", \"variants\": [{\"name\": \"up\", \"set\": {\"kernel.smp\": false}}, {\"name\": \"smp\"}]"));
    Outcome o = run("compare", f.toString(), "--repeat", "3", "--metric", "cyclesPerOp");
    assertEquals(0, o.status(), o.err());
    assertTrue(o.out().contains("Difference at 95.0% confidence"), o.out());
    assertTrue(o.out().contains("x two/up"), o.out());
  }

  @Test
  void compareGivesTheSameTableForAnyJobCount() {
    String[] base = {"compare", V1, "--variant", "crit-up", "--variant", "spin-store-up",
        "--repeat", "3", "--figure", "cyclesPerOp"};
    Outcome one = run(VocabularyTest.concat(base, "--jobs", "1"));
    Outcome four = run(VocabularyTest.concat(base, "--jobs", "4"));
    assertEquals(0, four.status(), four.err());
    assertEquals(one.out(), four.out());
  }

  @Test
  void compareRefusesOneScenario() {
    Outcome o = run("compare", V1);
    assertTrue(o.err().contains("from 2 to 7 scenarios"), o.err());
    assertEquals(2, o.status());
  }

  @Test
  void printsItsVersion() {
    Outcome o = run("--version");
    assertEquals(0, o.status());
    assertTrue(o.out().startsWith("locksim "), o.out());
  }
}
