package org.locksim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.locksim.cli.MainTest.Outcome;

/**
 * Why: an output file named by mistake must cost no simulation and destroy nothing. Each
 * refusal here happens before the work (nothing on standard output), exits 2, names the option,
 * and leaves the folder as it was.
 */
class OutputCheckTest {
  static final String SCENARIO = "{\"name\": \"two\", \"machine\": \"pentium4\", \"kernel\": {\"fastPath\": \"inline\"},"
      + " \"locks\": [{\"name\": \"m\", \"algorithm\": \"mutex.blocking\"}],"
      + " \"workload\": {\"type\": \"uncontended\", \"lock\": \"m\"},"
      + " \"run\": {\"warmupMs\": 0.01, \"durationMs\": 0.05},"
      + " \"variants\": [{\"name\": \"VARIANT\", \"set\": {\"kernel.smp\": false}}, {\"name\": \"smp\"}]}";

  @TempDir
  Path dir;

  Path scenario(String variant) throws IOException {
    Path f = dir.resolve("s.json");
    Files.writeString(f, SCENARIO.replace("VARIANT", variant));
    return f;
  }

  void refused(String expected, String... args) throws IOException {
    List<String> before = listing();
    Outcome o = MainTest.run(args);
    assertEquals(2, o.status(), o.err());
    assertTrue(o.err().startsWith("locksim: " + expected), o.err());
    assertEquals("", o.out(), "refused before any run");
    assertEquals(before, listing(), "nothing written");
  }

  @Test
  void aTraceOntoTheScenarioIsRefused() throws IOException {
    Path s = scenario("up");
    String text = Files.readString(s);
    refused("--trace: " + s + " is an input of this command", "run", s.toString(), "--variant", "up",
        "--trace", s.toString());
    assertEquals(text, Files.readString(s));
  }

  @Test
  void twoOutputsOntoOneFileAreRefused() throws IOException {
    Path s = scenario("up");
    String x = dir.resolve("x").toString();
    refused("--folded: " + x + " is also the output of --trace", "run", s.toString(), "--variant", "up",
        "--trace", x, "--folded", x);
  }

  @Test
  void anOutputInAMissingFolderIsRefusedBeforeTheRun() throws IOException {
    Path s = scenario("up");
    refused("--folded-offcpu: " + dir.resolve("no/off.up.folded") + ": cannot write file: no such folder", "run", s.toString(), "--folded-offcpu", dir.resolve("no/off.folded").toString());
  }

  @Test
  void aVariantNameThatWouldLeaveTheFolderIsRefused() throws IOException {
    Path s = scenario("../up");
    refused("--trace: variant \"../up\" would place its file", "run", s.toString(), "--trace",
        dir.resolve("t.lst").toString());
    Outcome one = MainTest.run("run", s.toString(), "--variant", "../up", "--trace", dir.resolve("t.lst").toString());
    assertEquals(0, one.status(), "one variant takes the name given: " + one.err());
    assertTrue(Files.exists(dir.resolve("t.lst")));
  }

  @Test
  void exportSweepAndValidateRefuseTheirInputsAndEachOther() throws IOException {
    Path s = scenario("up");
    refused("--output: " + s + " is an input", "sweep", s.toString(), "--vary", "kernel.hz=100", "-o", s.toString());
    refused("--output: " + s + " is an input", "export", "--format", "csv", s.toString(), "-o", s.toString());
    Path calibration = dir.resolve("calibration.md");
    refused("--write: " + calibration.toAbsolutePath() + " is also the output of --write", "validate", "--write",
        calibration.toString());
  }

  @Test
  void anOutputThatIsASymbolicLinkWritesTheFileItLinksTo() throws IOException {
    Path s = scenario("up");
    Path real = dir.resolve("real.folded");
    Path link = Files.createSymbolicLink(dir.resolve("link.folded"), Path.of("real.folded"));
    Outcome o = MainTest.run("run", s.toString(), "--variant", "up", "--folded", link.toString());
    assertEquals(0, o.status(), o.err());
    assertTrue(Files.isSymbolicLink(link), "the link stays a link");
    assertTrue(Files.readString(real).contains("kernel;"), Files.readString(real));
    Path toInput = Files.createSymbolicLink(dir.resolve("input.lst"), s);
    refused("--trace: " + s + " is an input", "run", s.toString(), "--variant", "up", "--trace", toInput.toString());
  }

  @Test
  void aConfidenceOutsideZeroToHundredIsBadInput() throws IOException {
    Path s = scenario("up");
    for (String c : List.of("0", "100", "NaN", "-5", "Infinity")) {
      refused("--confidence: expected a confidence level in percent", "compare", s.toString(), "--repeat", "2",
          "--confidence", c);
    }
  }

  private List<String> listing() throws IOException {
    try (Stream<Path> s = Files.walk(dir)) {
      return s.map(p -> p.toString()).sorted().toList();
    }
  }
}
