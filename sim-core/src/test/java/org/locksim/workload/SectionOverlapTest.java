package org.locksim.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.locksim.machine.Machine;
import org.locksim.run.RunResult;
import org.locksim.run.Simulator;
import org.locksim.scenario.Scenario;
import org.locksim.scenario.ScenarioLoader;

/**
 * Why: an out-of-order core overlaps the misses of lines whose addresses it knows, within its
 * reorder window, and cannot overlap a miss whose address is in the data of another (a list
 * walk). A critical section's hold is its work plus the misses it waits for, so the rule decides
 * how much longer a section that moves four lines with the lock is held than one that moves none.
 */
class SectionOverlapTest {
  private static final String LINES =
      "[{\"name\": \"a\"}, {\"name\": \"b\"}, {\"name\": \"c\"}, {\"name\": \"d\"}]";

  private static Scenario scenario(int tasks, long cycles, boolean chained, String lines) {
    String touches = "[" + String.join(", ", List.of("a", "b", "c", "d").stream()
        .map(l -> "{\"line\": \"" + l + "\", \"reads\": 1, \"writes\": 1"
            + (chained && !l.equals("a") ? ", \"chained\": true" : "") + "}")
        .toList()) + "]";
    String text = "{\"name\": \"s\", \"machine\": \"amd64-2s4c\","
        + " \"locks\": [{\"name\": \"m\", \"algorithm\": \"spin.ttas\"}],"
        + " \"workload\": {\"type\": \"contention\", \"tasks\": " + tasks + ", \"lock\": \"m\","
        + " \"critical\": {\"cycles\": {\"dist\": \"fixed\", \"value\": " + cycles + "},"
        + " \"touches\": " + (lines.equals("[]") ? "[]" : touches) + "},"
        + " \"lines\": " + lines + ","
        + " \"think\": {\"dist\": \"fixed\", \"ns\": 20000}},"
        + " \"run\": {\"warmupMs\": 0.1, \"durationMs\": 2}}";
    return ScenarioLoader.standard().load("s.json", text, List.of()).get(0);
  }

  /** How much longer a section held in turn by two tasks is than one held by a task alone. */
  private static long extraPs(long cycles, boolean chained) {
    return hold(scenario(2, cycles, chained, LINES)) - hold(scenario(1, cycles, chained, LINES));
  }

  private static long hold(Scenario s) {
    RunResult r = Simulator.run(s, 1);
    assertEquals(List.of(), r.violations());
    return r.locks().get(0).holdAvgPs();
  }

  private static long transferPs() {
    Scenario s = scenario(2, 400, false, LINES);
    Machine m = new Machine(s.machine(), s.kernel());
    return m.transferPs(Placement.NONE.firstCpu(1, m), Placement.NONE.firstCpu(0, m));
  }

  @Test
  void chainedLinesMissOneAfterAnother() {
    // 400 cycles (114 ns) in nine bursts of 44: each load waits for the data of the one before
    // it, and the work between them runs while they are on their way, so the section is four
    // transfers and its first burst long.
    long transfer = transferPs();
    long chained = extraPs(400, true);
    assertTrue(chained > 2.8 * transfer && chained < 3.3 * transfer,
        "four chained misses: " + chained + " ps, one transfer " + transfer + " ps");
  }

  @Test
  void independentLinesWithinTheWindowOverlap() {
    // Broadwell's 192-entry window covers three of the four loads 88 cycles apart: the section
    // waits for about two transfers, not four.
    long transfer = transferPs();
    long independent = extraPs(400, false);
    long chained = extraPs(400, true);
    assertTrue(independent < 0.5 * chained && independent > 0.8 * transfer,
        "independent " + independent + " ps, chained " + chained + " ps, transfer " + transfer);
  }

  @Test
  void missesFartherApartThanTheWindowDoNotOverlap() {
    // 20,000 cycles: 2,222 between loads, beyond any window, so every miss is waited for in
    // turn, less the window's worth of work the core runs on with.
    long independent = extraPs(20_000, false);
    long chained = extraPs(20_000, true);
    assertEquals(chained, independent, 0.05 * chained,
        "independent " + independent + " ps, chained " + chained + " ps");
  }

  @Test
  void aSectionEndsOnlyWhenItsLoadsHaveTheirData() {
    // One load at the very end of the work (no work after it): the release waits for it whole.
    long transfer = transferPs();
    String text = "{\"name\": \"s\", \"machine\": \"amd64-2s4c\","
        + " \"locks\": [{\"name\": \"m\", \"algorithm\": \"spin.ttas\"}],"
        + " \"workload\": {\"type\": \"contention\", \"tasks\": %d, \"lock\": \"m\","
        + " \"critical\": {\"cycles\": {\"dist\": \"fixed\", \"value\": 0},"
        + " \"touches\": [{\"line\": \"a\", \"reads\": 1}]},"
        + " \"lines\": [{\"name\": \"a\"}], \"think\": {\"dist\": \"fixed\", \"ns\": 20000}},"
        + " \"run\": {\"warmupMs\": 0.1, \"durationMs\": 2}}";
    // Read-only, the line stays shared in both caches after the first pass: the write that
    // makes the second task miss is the other task's store of the next test; here the extra
    // must be zero, and with a store it is one transfer.
    long readOnly = hold(load(String.format(text, 2))) - hold(load(String.format(text, 1)));
    assertEquals(0, readOnly, 0.05 * transfer, "a shared line read by both costs nothing");
    String written = text.replace("\"reads\": 1}", "\"reads\": 1, \"writes\": 1}");
    long extra = hold(load(String.format(written, 2))) - hold(load(String.format(written, 1)));
    assertEquals(transfer, extra, 0.15 * transfer, "a line the other task wrote: one transfer");
  }

  private static Scenario load(String text) {
    return ScenarioLoader.standard().load("s.json", text, List.of()).get(0);
  }
}
