package org.locksim.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.locksim.metrics.LockSide;
import org.locksim.run.RunResult;
import org.locksim.run.Simulator;
import org.locksim.scenario.Scenario;
import org.locksim.scenario.ScenarioLoader;
import org.locksim.scenario.json.InputError;

/**
 * Why: a contention workload on a reader-writer lock may take it for reading (dedicated reader
 * tasks, or a fraction of every task's acquisitions), so that a read-mostly mix can be asked of
 * {@code rw.qrwlock}, {@code rw.rwsem} and {@code rw.freebsd}. Readers must share the lock,
 * writers must keep it alone, the read fraction must be what was asked, and a reader's section
 * writes nothing. Reads on an exclusive lock, or both options at once, are bad input.
 */
class ContentionReadersTest {
  private static String text(String algorithm, int tasks, String extra) {
    return text(algorithm, tasks, 1000, extra);
  }

  private static String text(String algorithm, int tasks, int criticalNs, String extra) {
    return """
        {
          "name": "r",
          "machine": "amd64-2s4c",
          "locks": [ { "name": "l", "algorithm": "%s" } ],
          "workload": { "type": "contention", "tasks": %d, "lock": "l",
            "lines": [ { "name": "data" } ],
            "critical": { "dist": "fixed", "ns": %d,
                          "touches": [ { "line": "data", "reads": 1, "writes": 1 } ] },
            "outside": { "dist": "fixed", "ns": 100 }%s },
          "run": { "warmupMs": 1, "durationMs": 4, "seed": 3 }
        }
        """.formatted(algorithm, tasks, criticalNs, extra);
  }

  private static Scenario load(String text) {
    return ScenarioLoader.standard().load("r.json", text, List.of()).get(0);
  }

  @ParameterizedTest
  @ValueSource(strings = {"rw.qrwlock", "rw.rwsem", "rw.freebsd"})
  void dedicatedReadersHoldTheLockTogether(String algorithm) {
    RunResult r = Simulator.run(load(text(algorithm, 8, 10_000, ", \"readers\": 8")), 3);
    assertTrue(r.violations().isEmpty(), r.violations().toString());
    LockSide reads = r.locks().get(0).side(true);
    assertEquals(0, r.locks().get(0).side(false).holds());
    // Eight readers holding 10 us of a 10.1 us loop: one at a time, the holds could not add up
    // to more than the 4 ms window; shared, they come to several times it.
    assertTrue(reads.holdTotalPs() > 2 * 4_000_000_000L, reads.holdTotalPs() + " ps held");
  }

  @Test
  void writersAmongReadersKeepTheLockAloneAndTheFractionIsWhatWasAsked() {
    RunResult r = Simulator.run(load(text("rw.qrwlock", 8, ", \"readFraction\": 0.75")), 3);
    assertTrue(r.violations().isEmpty(), r.violations().toString());
    long reads = r.locks().get(0).side(true).acquisitions();
    long writes = r.locks().get(0).side(false).acquisitions();
    double share = reads / (double) (reads + writes);
    // Each acquisition a read with probability 0.75, over about a thousand of them.
    assertTrue(Math.abs(share - 0.75) < 0.06, reads + " reads, " + writes + " writes");
    assertTrue(writes > 50, writes + " writes");
  }

  /**
   * qrwlock and rwsem add a reader with one fetch-and-add, FreeBSD's rw_rlock with a
   * compare-and-swap loop that fails whenever another reader's atomic came first: with eight
   * readers and short sections the first two do more than twice their exclusive rate, the
   * third less than its exclusive rate (docs/model.md, contention: Reads).
   */
  @ParameterizedTest
  @ValueSource(strings = {"rw.qrwlock", "rw.rwsem", "rw.freebsd"})
  void readersScaleWithFetchAndAddAndFallWithACompareAndSwapLoop(String algorithm) {
    long exclusive = Simulator.run(load(text(algorithm, 8, 100, "")), 3).ops();
    long reads = Simulator.run(load(text(algorithm, 8, 100, ", \"readers\": 8")), 3).ops();
    if (algorithm.equals("rw.freebsd")) {
      assertTrue(reads < exclusive, reads + " reads against " + exclusive + " exclusive");
    } else {
      assertTrue(reads > 2 * exclusive, reads + " reads against " + exclusive + " exclusive");
    }
  }

  @Test
  void aReaderReadsTheDataAndWritesNone() {
    Section.Plan p = new Section.Plan(Work.none(), new org.locksim.machine.CacheLine[3],
        new boolean[] {false, true, false}, new boolean[] {true, false, false});
    Section.Plan r = p.loadsOnly();
    assertEquals(2, r.line().length);
    assertEquals(List.of(false, false), List.of(r.write()[0], r.write()[1]));
    assertEquals(List.of(true, false), List.of(r.chained()[0], r.chained()[1]));
  }

  @Test
  void noReadsLeavesTheLoopAsItWas() {
    RunResult plain = Simulator.run(load(text("rw.qrwlock", 4, "")), 3);
    RunResult zero = Simulator.run(load(text("rw.qrwlock", 4, ", \"readFraction\": 0")), 3);
    assertEquals(plain.ops(), zero.ops());
    assertEquals(plain.cycles(), zero.cycles());
    assertEquals(0, plain.locks().get(0).side(true).acquisitions());
  }

  @Test
  void readsOfAnExclusiveLockOrBothOptionsAreBadInput() {
    InputError e = assertThrows(InputError.class,
        () -> load(text("queued.mcs", 4, ", \"readFraction\": 0.5")));
    assertEquals("$.workload.readFraction", e.path());
    assertTrue(e.message().contains("exclusive") && e.message().contains("rw.qrwlock"), e.format());
    e = assertThrows(InputError.class,
        () -> load(text("rw.rwsem", 4, ", \"readers\": 2, \"readFraction\": 0.5")));
    assertEquals("$.workload.readFraction", e.path());
    e = assertThrows(InputError.class, () -> load(text("rw.rwsem", 4, ", \"readers\": 5")));
    assertEquals("$.workload.readers", e.path());
    e = assertThrows(InputError.class, () -> load(text("rw.rwsem", 4, ", \"readFraction\": 1.5")));
    assertEquals("$.workload.readFraction", e.path());
  }
}
