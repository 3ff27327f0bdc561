package org.locksim.trace.export;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteFeature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.locksim.trace.Arrow;
import org.locksim.trace.CounterKind;
import org.locksim.trace.CounterSample;
import org.locksim.trace.CpuInterval;
import org.locksim.trace.CpuState;
import org.locksim.trace.LockHold;
import org.locksim.trace.TaskInterval;
import org.locksim.trace.TraceFile;
import org.locksim.trace.TraceVisitor;

/**
 * Writes a trace as Chrome Trace Event JSON (the "JSON Object Format") that Perfetto and
 * chrome://tracing open.
 *
 * <p>Layout: process 1 "CPUs" holds one thread lane per CPU, in CPU order, plus a run-queue
 * counter per CPU; process 2 "Tasks" holds one lane per task; process 3 "Locks" holds the lock
 * holds as async slices (category {@code lock}, id = lock index, name = lock name) and a waiters
 * counter per lock. CPU and task states are complete ({@code X}) events. Arrows become flow
 * events ({@code s}/{@code f}, category = arrow kind) between task lanes, the end bound to the
 * enclosing slice ({@code "bp":"e"}). Timestamps are microseconds written as exact decimals
 * (six places, so picoseconds survive). The format requires complete events of one lane to
 * nest; a slice that would partly overlap the one before it on its lane is cut at that slice's
 * end and marked {@code "clipped":true}. The output is streamed, one trace block at a time.
 * Lane ids are row index + 1 (tid 0 is special to some viewers).
 */
public final class ChromeTraceExporter {
    /** Process id of the CPU lanes. */
    public static final int CPU_PID = 1;
    /** Process id of the task lanes. */
    public static final int TASK_PID = 2;
    /** Process id of the lock slices and waiter counters. */
    public static final int LOCK_PID = 3;

    private ChromeTraceExporter() {
    }

    /** Writes {@code trace} to {@code out} (which is flushed, not closed). */
    public static void write(TraceFile trace, Writer out) throws IOException {
        JsonFactory factory = JsonFactory.builder().disable(StreamWriteFeature.AUTO_CLOSE_TARGET).build();
        try (JsonGenerator g = factory.createGenerator(out)) {
            g.writeStartObject();
            g.writeStringField("displayTimeUnit", "ns");
            g.writeObjectFieldStart("otherData");
            g.writeStringField("scenario", trace.header().scenario());
            g.writeStringField("seed", Long.toString(trace.header().seed()));
            g.writeStringField("integrity", trace.integrity().message());
            g.writeEndObject();
            g.writeArrayFieldStart("traceEvents");
            metadata(g, trace);
            try {
                trace.scan(new Events(g, trace));
            } catch (UncheckedIOException e) {
                throw e.getCause();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        out.flush();
    }

    private static void metadata(JsonGenerator g, TraceFile t) throws IOException {
        process(g, CPU_PID, "CPUs", 0);
        process(g, TASK_PID, "Tasks", 1);
        process(g, LOCK_PID, "Locks", 2);
        lanes(g, CPU_PID, t.cpuNames());
        lanes(g, TASK_PID, t.taskNames());
    }

    private static void process(JsonGenerator g, int pid, String name, int sort) throws IOException {
        meta(g, "process_name", pid, -1, "name", name);
        meta(g, "process_sort_index", pid, -1, "sort_index", sort);
    }

    private static void lanes(JsonGenerator g, int pid, List<String> names) throws IOException {
        for (int i = 0; i < names.size(); i++) {
            meta(g, "thread_name", pid, i + 1, "name", names.get(i));
            meta(g, "thread_sort_index", pid, i + 1, "sort_index", i);
        }
    }

    private static void meta(JsonGenerator g, String what, int pid, int tid, String key, Object value)
            throws IOException {
        g.writeStartObject();
        g.writeStringField("name", what);
        g.writeStringField("ph", "M");
        g.writeNumberField("pid", pid);
        if (tid >= 0) {
            g.writeNumberField("tid", tid);
        }
        g.writeObjectFieldStart("args");
        if (value instanceof Integer i) {
            g.writeNumberField(key, i);
        } else {
            g.writeStringField(key, (String) value);
        }
        g.writeEndObject();
        g.writeEndObject();
    }

    /** Picoseconds as microseconds with up to six decimals, exactly. */
    static String micros(long ps) {
        long whole = ps / 1_000_000;
        long frac = Math.abs(ps % 1_000_000);
        String sign = ps < 0 && whole == 0 ? "-" : "";
        if (frac == 0) {
            return sign + whole;
        }
        String f = String.format(Locale.ROOT, "%06d", frac).replaceAll("0+$", "");
        return sign + whole + "." + f;
    }

    /** Streams the records of a trace as events. */
    private static final class Events implements TraceVisitor {
        private final JsonGenerator g;
        private final List<String> cpuNames;
        private final List<String> taskNames;
        private final List<String> lockNames;
        private final TraceFile trace;
        private final Map<Long, NestingGuard> lanes = new HashMap<>();
        private long flowId;

        Events(JsonGenerator g, TraceFile trace) {
            this.g = g;
            this.trace = trace;
            this.cpuNames = trace.cpuNames();
            this.taskNames = trace.taskNames();
            this.lockNames = trace.lockNames();
        }

        @Override
        public void cpuInterval(CpuInterval c) {
            String fn = c.function() >= 0 ? trace.string(c.function()) : null;
            String name = fn == null ? c.state().name() : c.state().name() + " " + fn;
            complete(CPU_PID, c.cpu(), c.startPs(), c.endPs(), name, "cpu", c.state() == CpuState.IDLE ? null
                : task(c.task()), fn);
        }

        @Override
        public void taskInterval(TaskInterval t) {
            String lock = t.lock() >= 0 ? lock(t.lock()) : null;
            String name = lock == null ? t.state().name() : t.state().name() + " " + lock;
            complete(TASK_PID, t.task(), t.startPs(), t.endPs(), name, "task", null, null);
        }

        @Override
        public void lockHold(LockHold h) {
            run(() -> {
                for (String ph : new String[] {"b", "e"}) {
                    g.writeStartObject();
                    g.writeStringField("name", lock(h.lock()));
                    g.writeStringField("cat", "lock");
                    g.writeStringField("ph", ph);
                    g.writeStringField("id", Integer.toString(h.lock()));
                    g.writeNumberField("pid", LOCK_PID);
                    g.writeNumberField("tid", h.lock() + 1);
                    g.writeFieldName("ts");
                    g.writeNumber(micros(ph.equals("b") ? h.startPs() : h.endPs()));
                    if (ph.equals("b")) {
                        g.writeObjectFieldStart("args");
                        g.writeStringField("owner", task(h.ownerTask()));
                        g.writeEndObject();
                    }
                    g.writeEndObject();
                }
            });
        }

        @Override
        public void counter(CounterSample s) {
            boolean runqueue = s.kind() == CounterKind.RUNQUEUE;
            String row = runqueue ? name(cpuNames, s.index(), "CPU ") : lock(s.index());
            run(() -> {
                g.writeStartObject();
                g.writeStringField("name", (runqueue ? "runqueue " : "waiters ") + row);
                g.writeStringField("ph", "C");
                g.writeNumberField("pid", runqueue ? CPU_PID : LOCK_PID);
                g.writeFieldName("ts");
                g.writeNumber(micros(s.timePs()));
                g.writeObjectFieldStart("args");
                g.writeNumberField(runqueue ? "runnable" : "waiters", s.value());
                g.writeEndObject();
                g.writeEndObject();
            });
        }

        @Override
        public void arrow(Arrow a) {
            if (a.fromTask() < 0 || a.toTask() < 0) {
                return;
            }
            long id = ++flowId;
            String cat = a.kind().name().toLowerCase(Locale.ROOT);
            String name = a.lock() >= 0 ? cat + " " + lock(a.lock()) : cat;
            run(() -> {
                flow(id, "s", cat, name, a.fromTask(), a.fromPs());
                flow(id, "f", cat, name, a.toTask(), a.toPs());
            });
        }

        private void flow(long id, String ph, String cat, String name, int task, long ps) throws IOException {
            g.writeStartObject();
            g.writeStringField("name", name);
            g.writeStringField("cat", cat);
            g.writeStringField("ph", ph);
            g.writeNumberField("id", id);
            g.writeNumberField("pid", TASK_PID);
            g.writeNumberField("tid", task + 1);
            g.writeFieldName("ts");
            g.writeNumber(micros(ps));
            if (ph.equals("f")) {
                g.writeStringField("bp", "e");
            }
            g.writeEndObject();
        }

        private void complete(int pid, int row, long start, long end, String name, String cat,
                              String task, String fn) {
            NestingGuard lane = lanes.computeIfAbsent((long) pid << 32 | row, k -> new NestingGuard());
            long nestedEnd = lane.admit(start, end);
            run(() -> {
                g.writeStartObject();
                g.writeStringField("name", name);
                g.writeStringField("cat", cat);
                g.writeStringField("ph", "X");
                g.writeNumberField("pid", pid);
                g.writeNumberField("tid", row + 1);
                g.writeFieldName("ts");
                g.writeNumber(micros(start));
                g.writeFieldName("dur");
                g.writeNumber(micros(nestedEnd - start));
                if (task != null || fn != null || nestedEnd != end) {
                    g.writeObjectFieldStart("args");
                    if (task != null) {
                        g.writeStringField("task", task);
                    }
                    if (fn != null) {
                        g.writeStringField("function", fn);
                    }
                    if (nestedEnd != end) {
                        g.writeBooleanField("clipped", true);
                        g.writeStringField("end_us", micros(end));
                    }
                    g.writeEndObject();
                }
                g.writeEndObject();
            });
        }

        private String task(int task) {
            return task < 0 ? "-" : name(taskNames, task, "task ");
        }

        private String lock(int lock) {
            return name(lockNames, lock, "lock ");
        }

        private static String name(List<String> names, int i, String prefix) {
            return i < names.size() ? names.get(i) : prefix + i;
        }

        private static void run(IoAction a) {
            try {
                a.run();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** A write that may fail. */
    private interface IoAction {
        void run() throws IOException;
    }
}
