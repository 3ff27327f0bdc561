package org.locksim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Why: the outputs a run writes (trace, folded stacks) and the commands that read them (export,
 * diff-folded) are used from scripts, so their files must appear whole or not at all, their
 * exit statuses must hold (0 ok, 2 bad input or a damaged trace), and a damaged trace must say
 * how much was readable and still give up its intact prefix when asked.
 */
class OutputCommandsTest {
  static final String SMALL = Path.of("..", "sim-core", "src", "test", "resources", "scenarios",
      "contention-small.json").toString();

  @TempDir
  Path dir;

  MainTest.Outcome run(String... args) {
    return MainTest.run(args);
  }

  Path recordTrace() {
    Path trace = dir.resolve("small.lst");
    MainTest.Outcome o = run("run", SMALL, "--trace", trace.toString());
    assertEquals(0, o.status(), o.err());
    assertTrue(o.err().contains("trace written to " + trace), o.err());
    return trace;
  }

  @Test
  void runTraceThenExportChromeGivesJsonThatPerfettoCanOpen() throws IOException {
    Path trace = recordTrace();
    Path json = dir.resolve("small.json");
    MainTest.Outcome o = run("export", "--format", "chrome", trace.toString(), "-o", json.toString());
    assertEquals(0, o.status(), o.err());
    JsonNode root = new ObjectMapper().readTree(json.toFile());
    assertTrue(root.get("traceEvents").size() > 10_000);
    assertEquals("contention-small", root.get("otherData").get("scenario").asText());
    assertEquals(List.of("small.json", "small.lst"), listing());
  }

  @Test
  void exportCsvToStandardOutput() {
    Path trace = recordTrace();
    MainTest.Outcome o = run("export", "--format", "csv", trace.toString());
    assertEquals(0, o.status(), o.err());
    assertTrue(o.out().startsWith("kind,row,row_name,start_ps,end_ps,state,detail\n"), o.out().substring(0, 100));
    assertTrue(o.out().contains("\ntask,0,worker0,"), "task rows");
    assertTrue(o.out().contains(",HELD,worker"), "lock holds");
  }

  @Test
  void aTruncatedTraceIsAClearErrorAndRecoverExportsTheIntactPrefix() throws IOException {
    Path trace = recordTrace();
    long size = Files.size(trace);
    try (FileChannel ch = FileChannel.open(trace, StandardOpenOption.WRITE)) {
      ch.truncate(size / 2);
    }
    Path csv = dir.resolve("out.csv");
    MainTest.Outcome bad = run("export", "--format", "csv", trace.toString(), "-o", csv.toString());
    assertEquals(2, bad.status());
    assertTrue(bad.err().matches("(?s)locksim: .*small\\.lst: not a usable trace: truncated at byte " + size / 2
        + " of block \\d+ .*: \\d+ blocks? \\([\\d,]+ records, up to t=.*\\) intact; --recover exports the intact"
        + " prefix\\n"), bad.err());
    assertFalse(bad.err().contains("\tat "), bad.err());
    assertFalse(Files.exists(csv));
    MainTest.Outcome ok = run("export", "--format", "csv", trace.toString(), "-o", csv.toString(), "--recover");
    assertEquals(0, ok.status(), ok.err());
    assertTrue(ok.err().contains("warning") && ok.err().contains("exporting the intact prefix"), ok.err());
    List<String> lines = Files.readAllLines(csv);
    assertTrue(lines.size() > 1000, "lines " + lines.size());
    assertEquals("kind,row,row_name,start_ps,end_ps,state,detail", lines.get(0));
    MainTest.Outcome whole = run("run", SMALL, "--trace", dir.resolve("whole.lst").toString());
    assertEquals(0, whole.status());
    String all = run("export", "--format", "csv", dir.resolve("whole.lst").toString()).out();
    assertTrue(all.startsWith(String.join("\n", lines) + "\n"), "the prefix is the start of the whole export");
    assertTrue(all.length() > String.join("\n", lines).length() * 3 / 2);
  }

  @Test
  void foldedOutputsAndTheirDifferentialForm() throws IOException {
    Path on = dir.resolve("on.folded");
    Path off = dir.resolve("off.folded");
    MainTest.Outcome o = run("run", SMALL, "--folded", on.toString(), "--folded-offcpu", off.toString());
    assertEquals(0, o.status(), o.err());
    String onCpu = Files.readString(on);
    assertTrue(onCpu.contains("kernel;worker;ttas_lock;spin "), onCpu);
    assertTrue(onCpu.contains("user;worker "), onCpu);
    assertTrue(Files.readString(off).contains("offcpu;blocked;sleep_mtx "), Files.readString(off));
    Path other = dir.resolve("tas.folded");
    assertEquals(0, run("run", SMALL, "--set", "locks[0].algorithm=spin.tas", "--folded", other.toString()).status());
    MainTest.Outcome d = run("diff-folded", on.toString(), other.toString());
    assertEquals(0, d.status(), d.err());
    assertTrue(d.out().contains("kernel;worker;ttas_lock;spin "), d.out());
    assertTrue(d.out().matches("(?s).*\\nkernel;worker;ttas_lock;spin \\d+ 0\\n.*"), d.out());
    assertTrue(d.out().matches("(?s).*\\nkernel;worker;tas_lock;spin 0 \\d+\\n.*"), d.out());
    for (String line : d.out().split("\n")) {
      assertTrue(line.matches("\\S+ \\d+ \\d+"), line);
    }
  }

  @Test
  void severalVariantsWriteOneFilePerVariant() throws IOException {
    Path f = dir.resolve("two.json");
    Files.writeString(f, Files.readString(Path.of(SMALL)).replaceFirst("\\}\\s*$",
        ", \"variants\": [{\"name\": \"ttas\"}, {\"name\": \"tas\", \"set\": {\"locks[0].algorithm\": \"spin.tas\"}}]}"));
    Path trace = dir.resolve("t.lst");
    Path folded = dir.resolve("on.folded");
    MainTest.Outcome o = run("run", f.toString(), "--trace", trace.toString(), "--folded", folded.toString());
    assertEquals(0, o.status(), o.err());
    assertEquals(List.of("on.tas.folded", "on.ttas.folded", "t.tas.lst", "t.ttas.lst", "two.json"), listing());
    assertEquals(0, run("run", f.toString(), "--variant", "tas", "--trace", trace.toString()).status());
    assertTrue(Files.exists(trace), "one variant: the name as given");
  }

  @Test
  void exitStatuses() throws IOException {
    Path trace = recordTrace();
    assertEquals(2, run("export", trace.toString()).status(), "--format is required");
    assertEquals(2, run("export", "--format", "svg", trace.toString()).status());
    MainTest.Outcome missing = run("export", "--format", "csv", dir.resolve("none.lst").toString());
    assertEquals(2, missing.status());
    assertTrue(missing.err().contains("none.lst: cannot read file: no such file"), missing.err());
    Path notATrace = dir.resolve("x.lst");
    Files.writeString(notATrace, "hello");
    MainTest.Outcome bad = run("export", "--format", "csv", notATrace.toString());
    assertEquals(2, bad.status());
    assertTrue(bad.err().contains("not a locksim trace"), bad.err());
    MainTest.Outcome noDir = run("run", SMALL, "--trace", dir.resolve("no/such/dir/t.lst").toString());
    assertEquals(2, noDir.status());
    assertTrue(noDir.err().contains("cannot write file"), noDir.err());
    assertFalse(noDir.err().contains("\tat "), noDir.err());
    Path folded = dir.resolve("bad.folded");
    Files.writeString(folded, "a;b 3\nnot a count\n");
    MainTest.Outcome d = run("diff-folded", folded.toString(), folded.toString());
    assertEquals(2, d.status());
    assertTrue(d.err().contains("bad.folded:2:1: expected a folded stack line"), d.err());
    assertEquals(2, run("diff-folded", dir.resolve("nope").toString(), folded.toString()).status());
    assertEquals(2, run("diff-folded", folded.toString()).status(), "two files needed");
  }

  private List<String> listing() {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
