package org.locksim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.locksim.cli.MainTest.Outcome;

/**
 * Why: a scenario file too large to be one, or a stream without end, must be refused before it
 * is parsed (a 200 MB file once took 6.6 GB of heap), nesting too deep for any scenario must be
 * located, and a file that is not UTF-8 must say where the bad byte is.
 */
class InputLimitsTest {
  @TempDir
  Path dir;

  @Test
  void aFileOverSixteenMegabytesIsRefusedBeforeParsing() throws IOException {
    Path big = dir.resolve("big.json");
    Files.write(big, new byte[(16 << 20) + 1]);
    Outcome o = MainTest.run("run", big.toString());
    assertEquals(2, o.status(), o.err());
    assertTrue(o.err().startsWith("locksim: " + big + ": larger than 16 MB"), o.err());
  }

  @Test
  void aStreamWithoutEndIsRefused() {
    Outcome o = MainTest.run("run", "/dev/zero");
    assertEquals(2, o.status(), o.err());
    assertTrue(o.err().startsWith("locksim: /dev/zero: larger than 16 MB"), o.err());
  }

  @Test
  void nestingDeeperThanSixtyFourIsLocated() throws IOException {
    Path deep = dir.resolve("deep.json");
    Files.writeString(deep, "{\"name\":\n" + "[".repeat(3000) + "]".repeat(3000) + "}");
    Outcome o = MainTest.run("run", deep.toString());
    assertEquals(2, o.status(), o.err());
    assertTrue(o.err().startsWith("locksim: " + deep + ":2:64: $.name"), o.err());
    assertTrue(o.err().endsWith(": objects and arrays nested deeper than 64 levels; a scenario needs far fewer\n"),
        o.err());
  }

  @Test
  void aByteThatIsNotUtf8IsLocatedByLineColumnAndOffset() throws IOException {
    Path bad = dir.resolve("bad.json");
    Files.write(bad, new byte[] {'{', '\n', ' ', '"', 'n', (byte) 0xC3, (byte) 0xA9, (byte) 0xFF, '"', '}'});
    Outcome o = MainTest.run("run", bad.toString());
    assertEquals(2, o.status(), o.err());
    assertEquals("locksim: " + bad + ":2:5: not UTF-8 text: byte 0xff at byte offset 7\n", o.err());
  }

  @Test
  void aSweepOfMoreThanAHundredThousandRunsAsksForYes() {
    String values = String.join(",", java.util.stream.IntStream.rangeClosed(1, 101)
        .mapToObj(Integer::toString).toList());
    Path out = dir.resolve("out.csv");
    Outcome o = MainTest.run("sweep", Path.of("..", "scenarios", "reference.json").toString(), "--vary", "run.seed=" + values,
        "--repeat", "1000", "-o", out.toString(), "-q");
    assertEquals(2, o.status(), o.err());
    assertTrue(o.err().contains("this sweep is 101,000 runs") && o.err().contains("add --yes"), o.err());
    assertTrue(!Files.exists(out), "nothing written");
  }
}
