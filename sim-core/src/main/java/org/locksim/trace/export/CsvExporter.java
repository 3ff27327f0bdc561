package org.locksim.trace.export;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.List;
import org.locksim.trace.CpuInterval;
import org.locksim.trace.LockHold;
import org.locksim.trace.TaskInterval;
import org.locksim.trace.TraceFile;
import org.locksim.trace.TraceVisitor;

/**
 * Writes a trace's intervals as CSV (RFC 4180), one line per interval, in file order:
 * {@code kind,row,row_name,start_ps,end_ps,state,detail}.
 *
 * <p>{@code kind} is {@code cpu}, {@code task} or {@code lock}. {@code detail} is, for a CPU, the
 * task name and the function after a slash ({@code worker-3/mtx_enter}); for a task, the lock it
 * spins or blocks on; for a lock hold, the owner task. Counters and arrows are not intervals and
 * are left out. Fields holding a comma, a quote or a line break are quoted.
 */
public final class CsvExporter {
    /** The first line of every export. */
    public static final String HEADER = "kind,row,row_name,start_ps,end_ps,state,detail";

    private CsvExporter() {
    }

    /** Writes {@code trace} to {@code out} (which is flushed, not closed). */
    public static void write(TraceFile trace, Writer out) throws IOException {
        List<String> cpus = trace.cpuNames();
        List<String> tasks = trace.taskNames();
        List<String> locks = trace.lockNames();
        out.write(HEADER);
        out.write('\n');
        try {
            trace.scan(new TraceVisitor() {
                @Override
                public void cpuInterval(CpuInterval c) {
                    String detail = c.task() < 0 ? "" : name(tasks, c.task());
                    if (c.function() >= 0) {
                        detail = detail + "/" + trace.string(c.function());
                    }
                    line(out, "cpu", c.cpu(), name(cpus, c.cpu()), c.startPs(), c.endPs(),
                        c.state().name(), detail);
                }

                @Override
                public void taskInterval(TaskInterval t) {
                    line(out, "task", t.task(), name(tasks, t.task()), t.startPs(), t.endPs(),
                        t.state().name(), t.lock() < 0 ? "" : name(locks, t.lock()));
                }

                @Override
                public void lockHold(LockHold h) {
                    line(out, "lock", h.lock(), name(locks, h.lock()), h.startPs(), h.endPs(), "HELD",
                        h.ownerTask() < 0 ? "" : name(tasks, h.ownerTask()));
                }
            });
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        out.flush();
    }

    private static void line(Writer out, String kind, int row, String rowName, long start, long end,
                             String state, String detail) {
        try {
            out.write(kind + ',' + row + ',' + quote(rowName) + ',' + start + ',' + end + ','
                + state + ',' + quote(detail) + '\n');
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String name(List<String> names, int i) {
        return i < names.size() ? names.get(i) : "#" + i;
    }

    /** Quotes a field if it needs it, doubling inner quotes. */
    static String quote(String field) {
        if (field.indexOf(',') < 0 && field.indexOf('"') < 0 && field.indexOf('\n') < 0
                && field.indexOf('\r') < 0) {
            return field;
        }
        return '"' + field.replace("\"", "\"\"") + '"';
    }
}
