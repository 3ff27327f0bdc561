package org.locksim.ui.timeline;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.locksim.ui.fixture.SmallTrace.NS;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.locksim.trace.CounterKind;
import org.locksim.trace.TraceFile;
import org.locksim.ui.fixture.SmallTrace;

/**
 * Reduces the hand-written trace's waiters counter (0 at 0, 1 at 100 ns, 0 at 300 ns) to pixel
 * columns: exact when a column is narrower than a step, the highest value when wider, so a
 * short spike survives any zoom.
 */
class CounterStoreTest {
  @TempDir
  Path dir;

  @Test
  void columnsHoldTheHighestValueTheCounterReachedInThem() throws Exception {
    try (TraceFile t = SmallTrace.write(dir.resolve("s.lst"))) {
      CounterStore s = CounterStore.read(t);
      assertTrue(s.has(CounterKind.WAITERS, 0));
      assertFalse(s.has(CounterKind.RUNQUEUE, 0));
      assertEquals(1, s.max(CounterKind.WAITERS, 0));
      assertEquals(3, s.sampleCount());
      assertArrayEquals(new double[] {0, 1, 1, 0, 0},
          s.columns(CounterKind.WAITERS, 0, 0, 100 * NS, 5));
      assertArrayEquals(new double[] {1, 0}, s.columns(CounterKind.WAITERS, 0, 0, 300 * NS, 2),
          "the first column holds both 0 and 1: its highest is 1");
      assertArrayEquals(new double[] {1, 1}, s.columns(CounterKind.WAITERS, 0, 150 * NS, 50 * NS, 2),
          "a window that starts between samples takes the value in effect");
    }
  }

  /*
   * Why: the desktop app reads a run's counters on a thread of its own, and closing the run
   * (opening another, or the window) closes its trace under that thread: the read then has
   * nothing to show and must end quietly, not throw on a thread nobody joins.
   */
  @Test
  void aTraceClosedUnderTheReadGivesNoCountersAndNoError() throws Exception {
    TraceFile t = SmallTrace.write(dir.resolve("s.lst"));
    assertTrue(CounterStore.readUnlessClosed(t).isPresent());
    t.close();
    assertTrue(CounterStore.readUnlessClosed(t).isEmpty());
  }

  @Test
  void aCounterWithoutSamplesHasNoColumns() throws Exception {
    try (TraceFile t = SmallTrace.write(dir.resolve("s.lst"))) {
      double[] c = CounterStore.read(t).columns(CounterKind.RUNQUEUE, 1, 0, NS, 3);
      assertTrue(Double.isNaN(c[0]) && Double.isNaN(c[2]));
    }
  }

  @Test
  void aRecordedRunsTracksAreTheSamplesOwnColumnsZoomedOutAndIn()
      throws Exception {
    java.util.List<org.locksim.scenario.Scenario> v2 = org.locksim.scenario.ScenarioLoader
        .standard().load(Path.of("../scenarios/v2-linux-adaptive-spin.json"),
            java.util.List.of("run.warmupMs=0", "run.durationMs=1"));
    Path file = org.locksim.run.record.TraceRun.record(v2.get(0), 1, dir.resolve("v2.lst")).file();
    try (TraceFile t = TraceFile.open(file)) {
      java.util.Map<Long, long[][]> all = new java.util.HashMap<>();
      t.scan(new org.locksim.trace.TraceVisitor() {
        @Override
        public void counter(org.locksim.trace.CounterSample c) {
          long[][] a = all.computeIfAbsent(((long) c.kind().ordinal() << 32) | c.index(),
              k -> new long[][] {new long[0], new long[0]});
          a[0] = java.util.Arrays.copyOf(a[0], a[0].length + 1);
          a[1] = java.util.Arrays.copyOf(a[1], a[1].length + 1);
          a[0][a[0].length - 1] = c.timePs();
          a[1][a[1].length - 1] = c.value();
        }
      });
      long span = t.endPs() - t.startPs();
      long bucket = Long.highestOneBit(span / 4096);
      CounterStore s = CounterStore.read(t, bucket);
      long samples = 0;
      for (CounterKind kind : CounterKind.values()) {
        int n = kind == CounterKind.RUNQUEUE ? t.cpuCount() : t.lockCount();
        for (int i = 0; i < n; i++) {
          long[][] a = all.get(((long) kind.ordinal() << 32) | i);
          if (a == null) {
            continue;
          }
          samples += a[0].length;
          for (int width : new int[] {1600, 1223, 900}) {
            long pp = span / width;
            assertArrayEquals(StepColumns.of(a[0], a[1], a[0].length, t.startPs(), pp, width),
                s.columns(kind, i, t.startPs(), pp, width), kind + " " + i + " at " + width + " px");
          }
        }
      }
      assertEquals(samples, s.sampleCount());
      assertTrue(s.bytes() <= 32L * samples, s.bytes() + " bytes for " + samples
          + " samples: counters sparser than their buckets keep their samples, not buckets");

      CounterStore coarse = CounterStore.read(t, Long.highestOneBit(span / 64));
      long coarsePp = Long.highestOneBit(span / 64) / 3;
      for (java.util.Map.Entry<Long, long[][]> e : all.entrySet()) {
        // Zoomed in past the buckets: the kept samples, or those read from the trace.
        CounterKind kind = CounterKind.values()[(int) (e.getKey() >>> 32)];
        int i = (int) (long) e.getKey();
        long[][] a = e.getValue();
        for (long from : new long[] {t.startPs(), t.startPs() + span / 3, t.startPs() + span / 2}) {
          assertArrayEquals(StepColumns.of(a[0], a[1], a[0].length, from, coarsePp, 50),
              coarse.columns(kind, i, from, coarsePp, 50), kind + " " + i + " zoomed in");
        }
      }
    }
  }

  @Test
  void aDenseCounterKeepsItsBucketsNotItsSamplesAndReadsAWindowOnceWhenZoomedIn()
      throws Exception {
    int n = 200_000;
    org.locksim.ui.fixture.DenseCounters dense = org.locksim.ui.fixture.DenseCounters.write(
        dir.resolve("dense.lst"), n);
    long[] times = dense.times();
    long[] values = dense.values();
    try (TraceFile t = dense.trace()) {
      long span = t.endPs() - t.startPs();
      CounterStore s = CounterStore.read(t, Long.highestOneBit(span / 4096));
      assertEquals(n, s.sampleCount());
      assertTrue(s.bytes() < 16L * n / 4, s.bytes() + " bytes for " + n + " samples");
      for (int width : new int[] {1600, 1000}) {
        long pp = span / width;
        assertArrayEquals(StepColumns.of(times, values, n, t.startPs(), pp, width),
            s.columns(CounterKind.RUNQUEUE, 0, t.startPs(), pp, width), "whole run, " + width + " px");
      }
      long pp = 7_000;
      long from = span / 3;
      assertArrayEquals(StepColumns.of(times, values, n, from, pp, 800),
          s.columns(CounterKind.RUNQUEUE, 0, from, pp, 800), "zoomed in, read from the trace");
      assertArrayEquals(StepColumns.of(times, values, n, from + 300 * pp, pp, 800),
          s.columns(CounterKind.RUNQUEUE, 0, from + 300 * pp, pp, 800), "panned");
      assertEquals(1, s.windowReads(CounterKind.RUNQUEUE, 0), "panning inside the window read");
      s.columns(CounterKind.RUNQUEUE, 0, from + 2000 * pp, pp, 800);
      assertEquals(2, s.windowReads(CounterKind.RUNQUEUE, 0), "panning out of it reads again");
    }
  }
}
