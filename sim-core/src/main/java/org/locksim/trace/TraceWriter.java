package org.locksim.trace;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Streams a timeline trace to a file while a simulation runs.
 *
 * <p>Records are encoded into one block buffer of at most {@link #blockLimit()} bytes; a full
 * block is checksummed and written out, so memory stays bounded however long the run (besides
 * the buffer, the writer keeps one time per row and the string table). Everything goes to a
 * temporary file next to the target that {@link #close()} renames onto the target, so an
 * interrupted run leaves a complete trace or none; the temporary file's intact prefix can still
 * be read with {@link Recovery#PREFIX}.
 *
 * <p>Intervals of one row must arrive in non-decreasing start time; rows may interleave freely.
 * Times are picoseconds and must not be negative. Not thread-safe: one writer per simulation.
 * I/O errors while streaming surface as {@link UncheckedIOException}.
 */
public final class TraceWriter implements Closeable {
    /** Largest row index accepted, so that a wrong index cannot make per-row arrays explode. */
    public static final int MAX_ROW = (1 << 20) - 1;

    private final BlockOutput out;
    private final TraceHeader header;
    private final ByteSink block;
    private final RowClock[] clocks = new RowClock[Format.ROW_FAMILIES];
    private final RowClock[] lastStarts = new RowClock[Format.ROW_FAMILIES];
    private final Map<String, Integer> strings = new HashMap<>();
    private final long[] totals = new long[Format.T_DEF_LOCK + 1];
    private int records;
    private long base;
    private boolean baseSet;
    private long dataBlocks;
    private long dataRecords;
    private long minTime = Long.MAX_VALUE;
    private long maxTime = Long.MIN_VALUE;
    private long now;
    private int maxBuffered;
    private boolean closed;

    private TraceWriter(BlockOutput out, TraceHeader header, int blockBytes) {
        this.out = out;
        this.header = header;
        this.block = new ByteSink(blockBytes);
        for (int i = 0; i < clocks.length; i++) {
            clocks[i] = new RowClock();
            lastStarts[i] = new RowClock();
        }
    }

    /** Opens a writer with the default 64 KiB block. */
    public static TraceWriter open(Path file, TraceHeader header) throws IOException {
        return open(file, header, Format.DEFAULT_BLOCK_BYTES);
    }

    /**
     * Opens a writer whose block buffer holds {@code blockBytes} bytes (4 KiB to 16 MiB).
     *
     * @throws IOException if the temporary file cannot be created or the header written
     */
    public static TraceWriter open(Path file, TraceHeader header, int blockBytes) throws IOException {
        Objects.requireNonNull(header, "header");
        if (blockBytes < Format.MIN_BLOCK_BYTES || blockBytes > Format.MAX_BLOCK_BYTES) {
            throw new IllegalArgumentException("block size " + blockBytes + " outside ["
                + Format.MIN_BLOCK_BYTES + ", " + Format.MAX_BLOCK_BYTES + "]");
        }
        TraceWriter w = new TraceWriter(new BlockOutput(file), header, blockBytes);
        try {
            w.out.raw(HeaderCodec.encode(header, blockBytes));
        } catch (IOException | RuntimeException e) {
            w.abort();
            throw e;
        }
        return w;
    }

    /** Returns the id of {@code s} in the trace's string table, adding it if new. */
    public int internString(String s) {
        Objects.requireNonNull(s, "string");
        Integer id = strings.get(s);
        if (id != null) {
            return id;
        }
        byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
        if (utf8.length > Format.MAX_STRING_BYTES) {
            throw new IllegalArgumentException("string longer than " + Format.MAX_STRING_BYTES
                + " UTF-8 bytes: " + s.substring(0, 40) + "...");
        }
        int newId = strings.size();
        room(utf8.length + 11);
        block.u8(Format.tag(Format.T_STRING, false, 0));
        block.varlong(newId);
        block.varlong(utf8.length);
        block.bytes(utf8);
        strings.put(s, newId);
        counted(Format.T_STRING);
        return newId;
    }

    /** Names CPU row {@code cpu}, for example {@code "CPU 3 (socket 1)"}. */
    public void defineCpu(int cpu, String name) {
        checkCpu(cpu);
        define(Format.T_DEF_CPU, cpu, name);
    }

    /** Names task row {@code task}. */
    public void defineTask(int task, String name) {
        checkRow("task", task);
        define(Format.T_DEF_TASK, task, name);
    }

    /** Names lock row {@code lock}. */
    public void defineLock(int lock, String name) {
        checkRow("lock", lock);
        define(Format.T_DEF_LOCK, lock, name);
    }

    /**
     * Records what CPU {@code cpu} did in {@code [startPs, endPs)}.
     *
     * @param task the task on the CPU, -1 when idle
     * @param function a string id from {@link #internString}, or -1
     */
    public void cpuState(int cpu, long startPs, long endPs, CpuState state, int task, int function) {
        checkCpu(cpu);
        Objects.requireNonNull(state, "state");
        checkOptional("task", task);
        if (function < -1 || function >= strings.size()) {
            throw new IllegalArgumentException("function " + function + " is not a string id");
        }
        interval(Format.T_CPU, Format.ROW_CPU, cpu, startPs, endPs, state.ordinal());
        block.varlong(task + 1L);
        block.varlong(function + 1L);
        timed(Format.T_CPU, startPs, endPs);
    }

    /** Records what task {@code task} did in {@code [startPs, endPs)}; lock is -1 unless it waits on one. */
    public void taskState(int task, long startPs, long endPs, TaskState state, int lock) {
        checkRow("task", task);
        Objects.requireNonNull(state, "state");
        checkOptional("lock", lock);
        interval(Format.T_TASK, Format.ROW_TASK, task, startPs, endPs, state.ordinal());
        block.varlong(lock + 1L);
        timed(Format.T_TASK, startPs, endPs);
    }

    /** Records that {@code ownerTask} held {@code lock} in {@code [startPs, endPs)}. */
    public void lockHeld(int lock, long startPs, long endPs, int ownerTask) {
        checkRow("lock", lock);
        checkOptional("owner task", ownerTask);
        interval(Format.T_LOCK, Format.ROW_LOCK, lock, startPs, endPs, 0);
        block.varlong(ownerTask + 1L);
        timed(Format.T_LOCK, startPs, endPs);
    }

    /** Records that a counter took {@code value} at {@code timePs}; samples of one counter come in time order. */
    public void counter(CounterKind kind, int index, long timePs, long value) {
        Objects.requireNonNull(kind, "kind");
        if (kind == CounterKind.RUNQUEUE) {
            checkCpu(index);
        } else {
            checkRow("lock", index);
        }
        ordered(Format.counterFamily(kind), index, timePs);
        room(Format.MAX_FIXED_RECORD_BYTES);
        long ref = nowReference(timePs);
        block.u8(Format.tag(Format.T_COUNTER, timePs == ref, kind.ordinal()));
        block.varlong(index);
        if (timePs != ref) {
            block.zigzag(timePs - ref);
        }
        block.zigzag(value);
        now = timePs;
        timed(Format.T_COUNTER, timePs, timePs);
    }

    /** Records an arrow from ({@code fromPs}, {@code fromTask}) to ({@code toPs}, {@code toTask}); arrows may come in any order. */
    public void arrow(ArrowKind kind, long fromPs, int fromTask, long toPs, int toTask, int lock) {
        Objects.requireNonNull(kind, "kind");
        checkTimes(fromPs, toPs);
        checkOptional("from task", fromTask);
        checkOptional("to task", toTask);
        checkOptional("lock", lock);
        room(Format.MAX_FIXED_RECORD_BYTES);
        long ref = nowReference(toPs);
        block.u8(Format.tag(Format.T_ARROW, toPs == ref, kind.ordinal()));
        if (toPs != ref) {
            block.zigzag(toPs - ref);
        }
        block.varlong(toPs - fromPs);
        block.varlong(fromTask + 1L);
        block.varlong(toTask + 1L);
        block.varlong(lock + 1L);
        now = toPs;
        timed(Format.T_ARROW, fromPs, toPs);
    }

    /** Returns the bytes currently buffered (the unwritten part of the current block). */
    public int bufferedBytes() {
        return block.pos;
    }

    /** Returns the most bytes ever buffered; never more than {@link #blockLimit()}. */
    public int maxBufferedBytes() {
        return maxBuffered;
    }

    /** Returns the capacity of the block buffer. */
    public int blockLimit() {
        return block.buf.length;
    }

    /** Returns the bytes written to the file so far, header and frames included. */
    public long bytesWritten() {
        return out.written();
    }

    /** Returns the header this writer was opened with. */
    public TraceHeader header() {
        return header;
    }

    /** Flushes the last block, writes the footer and end marker, and renames the file onto its target. */
    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        try {
            flushBlock();
            ByteSink footer = new ByteSink(256);
            FooterCodec.encode(footer, dataBlocks, dataRecords, totals, minTime, maxTime);
            out.frame(Format.KIND_FOOTER, footer.buf, footer.pos, 0, 0);
            out.raw(Format.END_MARKER);
            closed = true;
            out.commit();
        } catch (IOException | RuntimeException e) {
            abort();
            throw e;
        }
    }

    /** Abandons the trace: closes and deletes the temporary file; the target is left untouched. */
    public void abort() {
        closed = true;
        out.discard();
    }

    private void define(int type, int index, String name) {
        int id = internString(name);
        room(Format.MAX_FIXED_RECORD_BYTES);
        block.u8(Format.tag(type, false, 0));
        block.varlong(index);
        block.varlong(id);
        counted(type);
    }

    /** Writes the common prefix of an interval record (tag, row, start delta, duration); callers finish with {@link #timed}. */
    private void interval(int type, int family, int row, long startPs, long endPs, int sub) {
        checkTimes(startPs, endPs);
        ordered(family, row, startPs);
        room(Format.MAX_FIXED_RECORD_BYTES);
        long ref = timeReference(family, row, startPs);
        block.u8(Format.tag(type, startPs == ref, sub));
        block.varlong(row);
        if (startPs != ref) {
            block.zigzag(startPs - ref);
        }
        block.varlong(endPs - startPs);
        clocks[family].set(row, endPs);
        now = endPs;
    }

    private long timeReference(int family, int row, long time) {
        if (!baseSet) {
            base = time;
            baseSet = true;
        }
        return clocks[family].reference(row, base);
    }

    /** Counters and arrows are encoded against the latest time written in the block. */
    private long nowReference(long time) {
        if (!baseSet) {
            base = time;
            baseSet = true;
            now = time;
        }
        return now;
    }

    private void ordered(int family, int row, long start) {
        RowClock last = lastStarts[family];
        if (last.seen(row) && start < last.reference(row, 0)) {
            throw new IllegalArgumentException("row " + row + " went back in time: " + start
                + " ps after " + last.reference(row, 0) + " ps");
        }
        last.set(row, start);
    }

    private void timed(int type, long start, long end) {
        minTime = Math.min(minTime, start);
        maxTime = Math.max(maxTime, end);
        counted(type);
    }

    private void counted(int type) {
        totals[type]++;
        records++;
        maxBuffered = Math.max(maxBuffered, block.pos);
    }

    /** Makes room for a record of up to {@code bytes} bytes, flushing the block if needed. */
    private void room(int bytes) {
        if (closed) {
            throw new IllegalStateException("trace writer is closed");
        }
        if (block.remaining() < bytes) {
            flushBlock();
        }
    }

    private void flushBlock() {
        if (records == 0) {
            return;
        }
        try {
            out.frame(Format.KIND_DATA, block.buf, block.pos, records, baseSet ? base : 0);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write trace " + out.temp(), e);
        }
        dataBlocks++;
        dataRecords += records;
        block.pos = 0;
        records = 0;
        baseSet = false;
        for (RowClock c : clocks) {
            c.newBlock();
        }
    }

    private void checkCpu(int cpu) {
        if (cpu < 0 || cpu >= header.cpuCount()) {
            throw new IllegalArgumentException("cpu " + cpu + " outside [0, " + header.cpuCount() + ")");
        }
    }

    private static void checkRow(String what, int row) {
        if (row < 0 || row > MAX_ROW) {
            throw new IllegalArgumentException(what + " " + row + " outside [0, " + MAX_ROW + "]");
        }
    }

    private static void checkOptional(String what, int row) {
        if (row < -1 || row > MAX_ROW) {
            throw new IllegalArgumentException(what + " " + row + " outside [-1, " + MAX_ROW + "]");
        }
    }

    private static void checkTimes(long start, long end) {
        if (start < 0 || end < start) {
            throw new IllegalArgumentException("bad interval [" + start + ", " + end + ") ps");
        }
    }
}
