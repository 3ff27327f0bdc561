package org.locksim.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Exists because the writer and the reader must agree on every field of every record, by row and by range. */
class TraceRoundTripTest {
    @TempDir
    Path dir;

    private SyntheticRun writeMix(Path file, long intervals) throws IOException {
        try (TraceWriter w = TraceWriter.open(file, SyntheticRun.header(), 4096)) {
            return SyntheticRun.write(w, intervals, 7, true, () -> { });
        }
    }

    @Test
    void readsBackEveryIntervalOfEveryRow() throws IOException {
        Path file = dir.resolve("mix.trace");
        SyntheticRun run = writeMix(file, 20_000);
        try (TraceFile t = TraceFile.open(file)) {
            assertTrue(t.integrity().ok(), t.integrity().message());
            assertTrue(t.blockCount() > 10, "small blocks give many: " + t.blockCount());
            assertEquals(SyntheticRun.header(), t.header());
            for (int c = 0; c < SyntheticRun.CPUS; c++) {
                assertEquals(run.cpu.get(c), t.cpuIntervals(c, Long.MIN_VALUE, Long.MAX_VALUE));
            }
            for (int k = 0; k < SyntheticRun.TASKS; k++) {
                assertEquals(run.task.get(k), t.taskIntervals(k, Long.MIN_VALUE, Long.MAX_VALUE));
            }
            for (int l = 0; l < SyntheticRun.LOCKS; l++) {
                assertEquals(run.lock.get(l), t.lockHolds(l, Long.MIN_VALUE, Long.MAX_VALUE));
            }
            assertEquals(run.arrows, t.arrows(Long.MIN_VALUE, Long.MAX_VALUE));
            assertEquals(run.records, t.recordCount());
        }
    }

    @Test
    void rangeQueriesReturnExactlyTheOverlappingIntervals() throws IOException {
        Path file = dir.resolve("mix.trace");
        SyntheticRun run = writeMix(file, 20_000);
        try (TraceFile t = TraceFile.open(file)) {
            long span = t.endPs() - t.startPs();
            for (long[] r : new long[][] {{0, span / 100}, {span / 3, span / 3 + 50_000_000}, {span / 2, span / 2 + 1},
                    {span - 10_000_000, Long.MAX_VALUE}}) {
                long from = r[0];
                long to = r[1];
                for (int c = 0; c < SyntheticRun.CPUS; c++) {
                    assertEquals(overlapping(run.cpu.get(c), i -> i.startPs() < to && i.endPs() > from),
                        t.cpuIntervals(c, from, to), "cpu " + c + " in [" + from + ", " + to + ")");
                }
                for (int k = 0; k < SyntheticRun.TASKS; k++) {
                    assertEquals(overlapping(run.task.get(k), i -> i.startPs() < to && i.endPs() > from),
                        t.taskIntervals(k, from, to));
                }
                for (int l = 0; l < SyntheticRun.LOCKS; l++) {
                    assertEquals(overlapping(run.lock.get(l), i -> i.startPs() < to && i.endPs() > from),
                        t.lockHolds(l, from, to));
                }
                assertEquals(overlapping(run.arrows, a -> a.fromPs() < to && a.toPs() >= from), t.arrows(from, to));
            }
        }
    }

    @Test
    void counterQueryStartsWithTheValueInEffect() throws IOException {
        Path file = dir.resolve("mix.trace");
        SyntheticRun run = writeMix(file, 20_000);
        try (TraceFile t = TraceFile.open(file)) {
            long from = (t.endPs() - t.startPs()) / 2;
            long to = from + 30_000_000;
            List<CounterSample> all = overlapping(run.counters,
                s -> s.kind() == CounterKind.WAITERS && s.index() == 2);
            List<CounterSample> expected = new ArrayList<>(overlapping(all, s -> s.timePs() < from));
            expected = new ArrayList<>(expected.subList(expected.size() - 1, expected.size()));
            expected.addAll(overlapping(all, s -> s.timePs() >= from && s.timePs() < to));
            assertEquals(expected, t.counters(CounterKind.WAITERS, 2, from, to));
        }
    }

    @Test
    void namesStringsAndRowsDefinedLateAreReadBack() throws IOException {
        Path file = dir.resolve("names.trace");
        try (TraceWriter w = TraceWriter.open(file, new TraceHeader("names", -3, 2, 1, 0))) {
            w.defineCpu(1, "CPU 1 (socket 0)");
            w.defineTask(5, "cc1 foo.c");
            w.defineLock(2, "vnode_lock");
            int fn = w.internString("mtx_enter");
            assertEquals(fn, w.internString("mtx_enter"));
            w.cpuState(0, 10, 20, CpuState.SPINNING, 5, fn);
            w.taskState(5, 10, 20, TaskState.SPINNING, 2);
        }
        try (TraceFile t = TraceFile.open(file)) {
            assertEquals(List.of("CPU 0", "CPU 1 (socket 0)"), t.cpuNames());
            assertEquals(6, t.taskCount());
            assertEquals("cc1 foo.c", t.taskNames().get(5));
            assertEquals(List.of("lock 0", "lock 1", "vnode_lock"), t.lockNames());
            CpuInterval c = t.cpuIntervals(0, 0, 100).get(0);
            assertEquals("mtx_enter", t.string(c.function()));
            assertEquals(-3, t.header().seed());
        }
    }

    @Test
    void targetAppearsOnlyOnCloseAndAbortLeavesNothing() throws IOException {
        Path file = dir.resolve("late.trace");
        TraceWriter w = TraceWriter.open(file, SyntheticRun.header());
        w.cpuState(0, 0, 5, CpuState.USER, 1, -1);
        assertFalse(Files.exists(file), "target must not exist before close");
        w.close();
        assertTrue(Files.exists(file));
        TraceWriter aborted = TraceWriter.open(dir.resolve("aborted.trace"), SyntheticRun.header());
        aborted.abort();
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(List.of(file), left.toList());
        }
    }

    @Test
    void rejectsARowGoingBackInTimeAndBadArguments() throws IOException {
        try (TraceWriter w = TraceWriter.open(dir.resolve("bad.trace"), SyntheticRun.header())) {
            w.cpuState(0, 100, 200, CpuState.USER, 1, -1);
            w.cpuState(1, 50, 60, CpuState.USER, 1, -1);
            assertThrows(IllegalArgumentException.class, () -> w.cpuState(0, 99, 300, CpuState.USER, 1, -1));
            assertThrows(IllegalArgumentException.class, () -> w.cpuState(8, 0, 1, CpuState.USER, 1, -1));
            assertThrows(IllegalArgumentException.class, () -> w.taskState(1, 10, 5, TaskState.RUNNING, -1));
            assertThrows(IllegalArgumentException.class, () -> w.cpuState(2, 0, 1, CpuState.SYSTEM, 1, 99));
        }
    }

    @Test
    void emptyTraceIsIntact() throws IOException {
        Path file = dir.resolve("empty.trace");
        TraceWriter.open(file, new TraceHeader("", 0, 1, 0, 0)).close();
        try (TraceFile t = TraceFile.open(file)) {
            assertTrue(t.integrity().ok());
            assertEquals(0, t.recordCount());
            assertEquals(List.of(), t.cpuIntervals(0, 0, Long.MAX_VALUE));
        }
    }

    private static <T> List<T> overlapping(List<T> all, Predicate<T> keep) {
        return all.stream().filter(keep).toList();
    }
}
