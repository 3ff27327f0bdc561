package org.locksim.run.record;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.locksim.run.RunResult;
import org.locksim.scenario.Scenario;
import org.locksim.trace.Arrow;
import org.locksim.trace.ArrowKind;
import org.locksim.trace.CounterKind;
import org.locksim.trace.CounterSample;
import org.locksim.trace.CpuInterval;
import org.locksim.trace.LockHold;
import org.locksim.trace.TaskInterval;
import org.locksim.trace.TaskState;
import org.locksim.trace.TraceFile;
import org.locksim.trace.TraceVisitor;

/**
 * Why: the timeline is only worth opening if it tells the truth about the run: every CPU and
 * every task accounted for all the time with no overlaps, blocking and (nearly all) spinning
 * naming their lock, holds mutually exclusive, waiter counts that never go negative, and hand-off arrows that
 * join a release to the next owner's acquisition. It must also be reproducible byte for byte.
 */
class TraceRecorderTest {
  @TempDir
  Path dir;
  Scenario scenario;
  Path file;
  RunResult result;

  @BeforeEach
  void record() throws IOException {
    scenario = Recorded.small();
    file = dir.resolve("small.lst");
    result = Recorded.trace(scenario, 1, file, null);
  }

  long end() {
    return scenario.run().warmupPs() + scenario.run().durationPs();
  }

  @Test
  void everyCpuIsAccountedForTheWholeRunWithoutGapsOrOverlaps() throws IOException {
    try (TraceFile t = TraceFile.open(file)) {
      assertTrue(t.integrity().ok(), t.integrity().message());
      assertEquals(8, t.cpuCount());
      for (int c = 0; c < t.cpuCount(); c++) {
        long at = 0;
        for (CpuInterval i : t.cpuIntervals(c, 0, end())) {
          assertEquals(at, i.startPs(), "cpu " + c + " gap or overlap");
          at = i.endPs();
        }
        assertEquals(end(), at, "cpu " + c);
      }
      assertTrue(t.cpuNames().get(5).startsWith("CPU 5 (socket 1"), t.cpuNames().get(5));
    }
  }

  @Test
  void everyTaskRowIsContiguousAndSpinningAndBlockingNameTheirLock() throws IOException {
    try (TraceFile t = TraceFile.open(file)) {
      assertEquals(12, t.taskCount());
      assertEquals(List.of("spin_lock", "sleep_mtx"), t.lockNames());
      Map<TaskState, Long> seen = new HashMap<>();
      long unnamedSpin = 0;
      for (int task = 0; task < t.taskCount(); task++) {
        assertEquals("worker" + task, t.taskNames().get(task));
        long at = 0;
        for (TaskInterval i : t.taskIntervals(task, 0, end())) {
          assertEquals(at, i.startPs(), "task " + task + " gap or overlap at " + at);
          at = i.endPs();
          seen.merge(i.state(), i.endPs() - i.startPs(), Long::sum);
          if (i.state() == TaskState.BLOCKED) {
            assertTrue(i.lock() >= 0, i.toString());
          }
          if (i.state() == TaskState.SPINNING && i.lock() < 0) {
            // the turnstile chain lock's spin: a waiter's before the lock reports its
            // contention, and an unlocking owner's, which waits for no named lock
            unnamedSpin += i.endPs() - i.startPs();
          }
          if (i.state() == TaskState.BLOCKED) {
            assertEquals(1, i.lock(), "only the sleep mutex blocks: " + i);
          }
        }
        assertEquals(end(), at, "task " + task);
      }
      assertTrue(unnamedSpin * 20 < seen.get(TaskState.SPINNING), "spinning without a known lock: " + unnamedSpin
          + " of " + seen.get(TaskState.SPINNING) + " ps");
      for (TaskState s : List.of(TaskState.RUNNING, TaskState.RUNNABLE, TaskState.SPINNING, TaskState.BLOCKED)) {
        assertTrue(seen.getOrDefault(s, 0L) > 0, "no " + s + " time: " + seen);
      }
    }
  }

  @Test
  void holdsExcludeEachOtherAndHandoffsJoinAReleaseToTheNextAcquisition() throws IOException {
    try (TraceFile t = TraceFile.open(file)) {
      List<Arrow> handoffs = new ArrayList<>();
      for (Arrow a : t.arrows(0, end())) {
        if (a.kind() == ArrowKind.HANDOFF) {
          handoffs.add(a);
        }
      }
      assertTrue(handoffs.size() > 100, "handoffs: " + handoffs.size());
      for (int l = 0; l < t.lockCount(); l++) {
        List<LockHold> holds = t.lockHolds(l, 0, end());
        assertTrue(holds.size() > 1000, "holds of lock " + l + ": " + holds.size());
        Map<Long, LockHold> byStart = new HashMap<>();
        Map<Long, LockHold> byEnd = new HashMap<>();
        for (int i = 0; i < holds.size(); i++) {
          if (i > 0) {
            assertTrue(holds.get(i).startPs() >= holds.get(i - 1).endPs(), "overlapping holds " + holds.get(i - 1)
                + " and " + holds.get(i));
          }
          byStart.put(holds.get(i).startPs(), holds.get(i));
          byEnd.put(holds.get(i).endPs(), holds.get(i));
        }
        for (Arrow a : handoffs) {
          if (a.lock() == l) {
            assertEquals(a.fromTask(), byEnd.get(a.fromPs()).ownerTask(), a.toString());
            assertEquals(a.toTask(), byStart.get(a.toPs()).ownerTask(), a.toString());
          }
        }
      }
    }
  }

  @Test
  void waiterCountsNeverGoNegativeAndWakeupsAndMigrationsAreDrawn() throws IOException {
    try (TraceFile t = TraceFile.open(file)) {
      for (int l = 0; l < t.lockCount(); l++) {
        List<CounterSample> w = t.counters(CounterKind.WAITERS, l, 0, end() + 1);
        assertTrue(w.size() > 100, "waiter samples of lock " + l);
        long max = 0;
        for (CounterSample s : w) {
          assertTrue(s.value() >= 0 && s.value() <= 12, s.toString());
          max = Math.max(max, s.value());
        }
        assertTrue(max >= 2, "lock " + l + " never had two waiters");
      }
      assertTrue(t.counters(CounterKind.RUNQUEUE, 0, 0, end() + 1).size() > 10);
      Map<ArrowKind, Integer> kinds = new HashMap<>();
      t.scan(new TraceVisitor() {
        @Override
        public void arrow(Arrow a) {
          kinds.merge(a.kind(), 1, Integer::sum);
          assertTrue(a.toPs() >= a.fromPs(), a.toString());
          if (a.kind() == ArrowKind.MIGRATION) {
            assertEquals(a.fromTask(), a.toTask());
          }
        }
      });
      assertTrue(kinds.getOrDefault(ArrowKind.WAKEUP, 0) > 10, kinds.toString());
      assertTrue(kinds.getOrDefault(ArrowKind.MIGRATION, 0) > 10, kinds.toString());
    }
  }

  @Test
  void recordingChangesNoFigureAndTheSameSeedGivesTheSameBytes() throws IOException {
    RunResult plain = org.locksim.run.Simulator.run(scenario, 1);
    assertEquals(plain.ops(), result.ops());
    assertEquals(plain.events(), result.events());
    Path again = dir.resolve("again.lst");
    Recorded.trace(scenario, 1, again, null);
    assertArrayEquals(Files.readAllBytes(file), Files.readAllBytes(again));
  }

  /** Prints the on-disk cost of a real contention run, for docs/outputs.md. */
  @Test
  void aRealContentionRunCostsFewBytesPerInterval() throws IOException {
    long bytes = Files.size(file);
    long[] counts = new long[2];
    try (TraceFile t = TraceFile.open(file)) {
      t.scan(new TraceVisitor() {
        @Override
        public void cpuInterval(CpuInterval i) {
          counts[0]++;
        }

        @Override
        public void taskInterval(TaskInterval i) {
          counts[0]++;
        }

        @Override
        public void lockHold(LockHold h) {
          counts[0]++;
        }
      });
      counts[1] = t.recordCount();
    }
    double perInterval = (double) bytes / counts[0];
    assertTrue(perInterval < 20, String.format(Locale.ROOT, "contention-small trace: %d bytes, %d intervals,"
        + " %d records: %.2f bytes/interval all included", bytes, counts[0], counts[1], perInterval));
  }
}
