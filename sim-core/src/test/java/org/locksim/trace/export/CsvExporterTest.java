package org.locksim.trace.export;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.locksim.trace.CpuState;
import org.locksim.trace.TaskState;
import org.locksim.trace.TraceFile;
import org.locksim.trace.TraceHeader;
import org.locksim.trace.TraceWriter;

/** Exists because spreadsheet users need one quoted, header-led line per interval with readable names. */
class CsvExporterTest {
    @TempDir
    Path dir;

    @Test
    void writesHeaderThenOneLinePerIntervalWithNamesQuotedWhenNeeded() throws IOException {
        Path file = dir.resolve("csv.trace");
        try (TraceWriter w = TraceWriter.open(file, new TraceHeader("csv", 1, 1, 1, 1))) {
            int fn = w.internString("mtx_enter");
            w.defineCpu(0, "CPU 0");
            w.defineTask(0, "make \"-j8\"");
            w.defineLock(0, "mount,mtx");
            w.cpuState(0, 0, 10, CpuState.IDLE, -1, -1);
            w.cpuState(0, 10, 25, CpuState.SPINNING, 0, fn);
            w.taskState(0, 10, 25, TaskState.SPINNING, 0);
            w.lockHeld(0, 5, 12, 0);
            w.counter(org.locksim.trace.CounterKind.WAITERS, 0, 10, 1);
        }
        StringWriter out = new StringWriter();
        try (TraceFile t = TraceFile.open(file)) {
            CsvExporter.write(t, out);
        }
        assertEquals(List.of(
            "kind,row,row_name,start_ps,end_ps,state,detail",
            "cpu,0,CPU 0,0,10,IDLE,",
            "cpu,0,CPU 0,10,25,SPINNING,\"make \"\"-j8\"\"/mtx_enter\"",
            "task,0,\"make \"\"-j8\"\"\",10,25,SPINNING,\"mount,mtx\"",
            "lock,0,\"mount,mtx\",5,12,HELD,\"make \"\"-j8\"\"\""),
            out.toString().lines().toList());
    }
}
