package org.locksim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.locksim.scenario.json.InputError;
import org.locksim.workload.Build;
import org.locksim.workload.DataLine;
import org.locksim.workload.Work;

/**
 * Why: work in cycles and the lines a critical section touches are read strictly, and a
 * mistake in them is reported with the file, line, column and JSON path of the value, as every
 * other bad input is: a line that no {@code lines} entry declares (with the closest declared
 * name), a negative count, a hold given both in nanoseconds and in cycles.
 */
class WorkReaderTest {
  private static String build(String hold, String lines) {
    return "{\n"
        + "  \"name\": \"b\",\n"
        + "  \"machine\": \"amd64-2s4c\",\n"
        + "  \"locks\": [{\"name\": \"pageqlock\", \"algorithm\": \"spin.mtx-enter\"}],\n"
        + "  \"workload\": {\"type\": \"build\", \"jobs\": 2, \"parallel\": 2,\n"
        + "    \"userTime\": {\"cycles\": {\"dist\": \"fixed\", \"value\": 1000000}},\n"
        + "    \"lines\": " + lines + ",\n"
        + "    \"entries\": [{\"name\": \"uvm_fault\", \"perJob\": 10,\n"
        + "      \"kernel\": {\"dist\": \"fixed\", \"ns\": 100},\n"
        + "      \"locks\": [{\"lock\": \"pageqlock\",\n"
        + "        \"hold\": " + hold + "}]}]}\n"
        + "}\n";
  }

  private static final String LINES = "[{\"name\": \"uvm.pageq\", \"beside\": \"pageqlock\"}, {\"name\": \"uvmexp\"}]";

  private static InputError reject(String text) {
    return assertThrows(InputError.class, () -> ScenarioLoader.standard().load("b.json", text, List.of()));
  }

  @Test
  void readsCyclesTouchesAndLines() {
    Build b = (Build) ScenarioLoader.standard().load("b.json", build(
        "{\"cycles\": {\"dist\": \"exponential\", \"mean\": 3000},"
            + " \"touches\": [{\"line\": \"uvm.pageq\", \"reads\": 2, \"writes\": 1}, {\"line\": \"uvmexp\", \"writes\": 1, \"chained\": true}]}",
        LINES), List.of()).get(0).workload();
    Work hold = b.kinds().get(0).locks().get(0).hold();
    assertTrue(hold.cycles());
    assertEquals(3_000_000, hold.amount().meanPs(), 1e-6, "thousandths of a cycle");
    assertEquals(List.of(new Work.Touch("uvm.pageq", 2, 1), new Work.Touch("uvmexp", 0, 1, true)), hold.touches());
    assertEquals(List.of(new DataLine("uvm.pageq", "pageqlock"), new DataLine("uvmexp", null)), b.lines());
    assertTrue(b.userTime().cycles());
    assertEquals(false, b.kinds().get(0).kernel().cycles());
  }

  @Test
  void anUndeclaredLineSuggestsTheClosestDeclaredOne() {
    InputError e = reject(build("{\"cycles\": {\"dist\": \"fixed\", \"value\": 10},"
        + " \"touches\": [{\"line\": \"uvm.pagq\", \"reads\": 1}]}", LINES));
    assertEquals("$.workload.entries[0].locks[0].hold.touches[0].line", e.path());
    assertEquals(Optional.of("uvm.pageq"), e.suggestion());
    assertEquals(11, e.line());
    assertTrue(e.format().startsWith("b.json:11:"), e.format());
  }

  @Test
  void aNegativeCountIsRejected() {
    InputError e = reject(build("{\"cycles\": {\"dist\": \"fixed\", \"value\": 10},"
        + " \"touches\": [{\"line\": \"uvmexp\", \"writes\": -1}]}", LINES));
    assertEquals("$.workload.entries[0].locks[0].hold.touches[0].writes", e.path());
    assertTrue(e.message().contains("from 0 to 1000"), e.message());
  }

  @Test
  void aNegativeCycleCountIsRejected() {
    InputError e = reject(build("{\"cycles\": {\"dist\": \"exponential\", \"mean\": -5}}", LINES));
    assertEquals("$.workload.entries[0].locks[0].hold.cycles.mean", e.path());
  }

  @Test
  void nanosecondsAndCyclesTogetherAreRejected() {
    InputError e = reject(build("{\"dist\": \"exponential\", \"meanNs\": 1000,"
        + " \"cycles\": {\"dist\": \"fixed\", \"value\": 10}}", LINES));
    assertEquals("$.workload.entries[0].locks[0].hold.cycles", e.path());
    assertTrue(e.message().contains("not both"), e.message());
    assertEquals(11, e.line());
  }

  @Test
  void aLineBesideAnUnknownLockSuggestsTheLock() {
    InputError e = reject(build("{\"dist\": \"fixed\", \"ns\": 10}", "[{\"name\": \"q\", \"beside\": \"pageqlok\"}]"));
    assertEquals("$.workload.lines[0].beside", e.path());
    assertEquals(Optional.of("pageqlock"), e.suggestion());
  }

  @Test
  void touchesOutsideACriticalSectionAreRejected() {
    String text = build("{\"dist\": \"fixed\", \"ns\": 10}", LINES).replace(
        "\"kernel\": {\"dist\": \"fixed\", \"ns\": 100}",
        "\"kernel\": {\"dist\": \"fixed\", \"ns\": 100, \"touches\": []}");
    InputError e = reject(text);
    assertEquals("$.workload.entries[0].kernel.touches", e.path());
  }

  @Test
  void twoLinesOfOneNameAreRejected() {
    InputError e = reject(build("{\"dist\": \"fixed\", \"ns\": 10}", "[{\"name\": \"q\"}, {\"name\": \"q\"}]"));
    assertEquals("$.workload.lines[1].name", e.path());
  }
}
