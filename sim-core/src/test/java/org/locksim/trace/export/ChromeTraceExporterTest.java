package org.locksim.trace.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.locksim.trace.ArrowKind;
import org.locksim.trace.CounterKind;
import org.locksim.trace.CpuState;
import org.locksim.trace.TaskState;
import org.locksim.trace.TraceFile;
import org.locksim.trace.TraceHeader;
import org.locksim.trace.TraceWriter;

/**
 * Exists because Perfetto silently misdraws JSON whose complete events do not nest per lane, and
 * because lane names and order, lock slices, counters and flows are what make the export usable.
 */
class ChromeTraceExporterTest {
    private static final BigDecimal MILLION = BigDecimal.valueOf(1_000_000);

    @TempDir
    Path dir;

    private JsonNode export(Path file) throws IOException {
        StringWriter out = new StringWriter();
        try (TraceFile t = TraceFile.open(file)) {
            ChromeTraceExporter.write(t, out);
        }
        return new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).readTree(out.toString());
    }

    private Path smallRun() throws IOException {
        Path file = dir.resolve("small.trace");
        try (TraceWriter w = TraceWriter.open(file, new TraceHeader("small", 5, 2, 2, 1))) {
            int fn = w.internString("mtx_enter");
            w.defineCpu(0, "CPU 0 (socket 0)");
            w.defineCpu(1, "CPU 1 (socket 1)");
            w.defineTask(0, "worker-0");
            w.defineTask(1, "worker-1");
            w.defineLock(0, "sched_lock");
            w.cpuState(0, 0, 1_500_000, CpuState.USER, 0, -1);
            w.cpuState(0, 1_500_000, 2_000_001, CpuState.SYSTEM, 0, fn);
            w.cpuState(1, 0, 900_000, CpuState.SPINNING, 1, fn);
            w.cpuState(1, 900_000, 3_000_000, CpuState.SYSTEM, 1, fn);
            // partial overlap on one lane: must come out clipped, not overlapping
            w.cpuState(1, 2_500_000, 4_000_000, CpuState.USER, 1, -1);
            w.taskState(0, 0, 2_000_001, TaskState.RUNNING, -1);
            w.taskState(1, 0, 900_000, TaskState.SPINNING, 0);
            w.taskState(1, 900_000, 4_000_000, TaskState.RUNNING, -1);
            w.lockHeld(0, 100_000, 900_000, 0);
            w.lockHeld(0, 900_000, 1_200_000, 1);
            w.counter(CounterKind.RUNQUEUE, 1, 0, 2);
            w.counter(CounterKind.WAITERS, 0, 100_000, 1);
            w.arrow(ArrowKind.HANDOFF, 900_000, 0, 900_000, 1, 0);
            w.arrow(ArrowKind.WAKEUP, 50, -1, 60, 1, -1);
        }
        return file;
    }

    @Test
    void namesAndOrdersCpuLanesBeforeTaskLanes() throws IOException {
        JsonNode root = export(smallRun());
        assertEquals("ns", root.get("displayTimeUnit").asText());
        Map<String, Integer> processSort = new HashMap<>();
        Map<String, String> threadNames = new HashMap<>();
        Map<String, Integer> threadSort = new HashMap<>();
        Map<Integer, String> processNames = new HashMap<>();
        for (JsonNode e : root.get("traceEvents")) {
            if (!e.get("ph").asText().equals("M")) {
                continue;
            }
            String lane = e.get("pid").asInt() + "/" + e.path("tid").asInt();
            switch (e.get("name").asText()) {
                case "process_name" -> processNames.put(e.get("pid").asInt(), e.get("args").get("name").asText());
                case "process_sort_index" -> processSort.put(processNames.get(e.get("pid").asInt()),
                    e.get("args").get("sort_index").asInt());
                case "thread_name" -> threadNames.put(lane, e.get("args").get("name").asText());
                case "thread_sort_index" -> threadSort.put(lane, e.get("args").get("sort_index").asInt());
                default -> throw new AssertionError("unexpected metadata " + e);
            }
        }
        assertTrue(processSort.get("CPUs") < processSort.get("Tasks"));
        assertEquals("CPU 1 (socket 1)", threadNames.get("1/2"));
        assertEquals("worker-0", threadNames.get("2/1"));
        assertTrue(threadSort.get("1/1") < threadSort.get("1/2"));
        assertEquals(4, threadNames.size());
    }

    @Test
    void completeEventsNestOnEveryLaneEvenWhenIntervalsOverlap() throws IOException {
        JsonNode root = export(smallRun());
        assertEveryLaneNests(root);
        JsonNode clipped = find(root, "X", "USER").get(1);
        assertTrue(clipped.get("args").get("clipped").asBoolean());
        assertEquals(new BigDecimal("0.5"), clipped.get("dur").decimalValue());
    }

    @Test
    void syntheticRunExportsAndNestsOnEveryLane() throws IOException {
        Path file = dir.resolve("mix.trace");
        try (TraceWriter w = TraceWriter.open(file, org.locksim.trace.TraceFixtures.header())) {
            org.locksim.trace.TraceFixtures.writeMix(w, 5_000);
        }
        JsonNode root = export(file);
        assertTrue(root.get("traceEvents").size() > 5_000);
        assertEveryLaneNests(root);
    }

    @Test
    void lockHoldsAreAsyncSlicesAndHandoffsAreBoundFlows() throws IOException {
        JsonNode root = export(smallRun());
        List<JsonNode> begins = find(root, "b", "sched_lock");
        List<JsonNode> ends = find(root, "e", "sched_lock");
        assertEquals(2, begins.size());
        assertEquals(2, ends.size());
        assertEquals("lock", begins.get(0).get("cat").asText());
        assertEquals("worker-1", begins.get(1).get("args").get("owner").asText());
        assertEquals(new BigDecimal("0.1"), begins.get(0).get("ts").decimalValue());
        List<JsonNode> s = find(root, "s", "handoff sched_lock");
        List<JsonNode> f = find(root, "f", "handoff sched_lock");
        assertEquals(1, s.size());
        assertEquals(s.get(0).get("id"), f.get(0).get("id"));
        assertEquals("e", f.get(0).get("bp").asText());
        assertEquals(2, f.get(0).get("tid").asInt());
        assertEquals(0, find(root, "s", "wakeup").size(), "an arrow from no task has nothing to bind to");
        JsonNode runq = find(root, "C", "runqueue CPU 1 (socket 1)").get(0);
        assertEquals(2, runq.get("args").get("runnable").asInt());
        assertEquals(1, find(root, "C", "waiters sched_lock").size());
    }

    @Test
    void microsecondsKeepEveryPicosecond() {
        assertEquals("0", ChromeTraceExporter.micros(0));
        assertEquals("0.000001", ChromeTraceExporter.micros(1));
        assertEquals("2.000001", ChromeTraceExporter.micros(2_000_001));
        assertEquals("1.5", ChromeTraceExporter.micros(1_500_000));
        assertEquals("3600000000", ChromeTraceExporter.micros(3_600_000_000_000_000L));
    }

    private static List<JsonNode> find(JsonNode root, String ph, String name) {
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode e : root.get("traceEvents")) {
            if (e.get("ph").asText().equals(ph) && e.get("name").asText().equals(name)) {
                out.add(e);
            }
        }
        return out;
    }

    /** The rule of the format: on one pid/tid, any two X slices are disjoint or one contains the other. */
    static void assertEveryLaneNests(JsonNode root) {
        Map<String, List<long[]>> lanes = new HashMap<>();
        for (JsonNode e : root.get("traceEvents")) {
            if (e.get("ph").asText().equals("X")) {
                long ts = e.get("ts").decimalValue().multiply(MILLION).longValueExact();
                long dur = e.get("dur").decimalValue().multiply(MILLION).longValueExact();
                lanes.computeIfAbsent(e.get("pid") + "/" + e.get("tid"), k -> new ArrayList<>())
                    .add(new long[] {ts, ts + dur});
            }
        }
        assertTrue(!lanes.isEmpty());
        for (Map.Entry<String, List<long[]>> lane : lanes.entrySet()) {
            List<long[]> slices = lane.getValue();
            slices.sort(Comparator.<long[]>comparingLong(s -> s[0]).thenComparing(s -> -s[1]));
            List<long[]> open = new ArrayList<>();
            for (long[] s : slices) {
                while (!open.isEmpty() && open.get(open.size() - 1)[1] <= s[0]) {
                    open.remove(open.size() - 1);
                }
                if (!open.isEmpty()) {
                    long[] parent = open.get(open.size() - 1);
                    assertTrue(s[1] <= parent[1], "lane " + lane.getKey() + ": [" + s[0] + ", " + s[1]
                        + ") overlaps [" + parent[0] + ", " + parent[1] + ") without nesting");
                }
                open.add(s);
            }
        }
    }
}
