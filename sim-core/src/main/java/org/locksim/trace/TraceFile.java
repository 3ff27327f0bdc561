package org.locksim.trace;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.IntConsumer;

/**
 * A trace opened for reading: the timeline model the UI and the exporters query.
 *
 * <p>Opening scans the file once, verifying every block's checksum, and keeps only a block index
 * and, per row, which blocks hold it and what time span they cover (a few dozen bytes per row
 * per block). Queries decode the blocks they need on demand and keep the most recent ones in a
 * small cache, so memory does not grow with the number of intervals. A time range is half-open,
 * {@code [fromPs, toPs)}; an interval overlaps it if it starts before {@code toPs} and ends
 * after {@code fromPs} (a zero-length interval counts if it lies inside). Results of a row come
 * in increasing start time.
 *
 * <p>Queries are thread-safe. I/O errors after opening surface as {@link UncheckedIOException}.
 */
public final class TraceFile implements Closeable {
    private static final int CACHED_BLOCKS = 16;

    private final Path path;
    private final FileChannel channel;
    private final TraceCatalog catalog;
    private volatile IntConsumer blockScanned;
    private final Map<Integer, DecodedBlock> cache = new LinkedHashMap<>(32, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<Integer, DecodedBlock> eldest) {
            return size() > CACHED_BLOCKS;
        }
    };

    private TraceFile(Path path, FileChannel channel, TraceCatalog catalog) {
        this.path = path;
        this.channel = channel;
        this.catalog = catalog;
    }

    /** Opens a trace that must be intact; see {@link #open(Path, Recovery)}. */
    public static TraceFile open(Path file) throws IOException {
        return open(file, Recovery.STRICT);
    }

    /**
     * Opens a trace, validating magic, version and every block.
     *
     * @param recovery {@link Recovery#PREFIX} to accept a damaged file and read its intact prefix
     * @throws TraceFormatException if the file is not a readable trace, or is damaged and
     *     {@code recovery} is {@link Recovery#STRICT}; the message says how much could be read
     */
    public static TraceFile open(Path file, Recovery recovery) throws IOException {
        Objects.requireNonNull(recovery, "recovery");
        FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
        try {
            return new TraceFile(file, channel, TraceScanner.scan(channel, recovery));
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /** Returns the header the writer was opened with. */
    public TraceHeader header() {
        return catalog.header;
    }

    /** Returns whether the file is intact, or where it is damaged and how much was readable. */
    public Integrity integrity() {
        return catalog.integrity;
    }

    /** Returns the file this trace was read from. */
    public Path path() {
        return path;
    }

    /** Returns the number of CPU rows. */
    public int cpuCount() {
        return catalog.header.cpuCount();
    }

    /** Returns the number of task rows: the header's count or more if the run defined more. */
    public int taskCount() {
        return catalog.taskRows;
    }

    /** Returns the number of lock rows: the header's count or more if the run defined more. */
    public int lockCount() {
        return catalog.lockRows;
    }

    /** Returns CPU row names by index; an undefined row is called {@code "CPU n"}. */
    public List<String> cpuNames() {
        return names(Format.T_DEF_CPU, cpuCount(), "CPU ");
    }

    /** Returns task row names by index; an undefined row is called {@code "task n"}. */
    public List<String> taskNames() {
        return names(Format.T_DEF_TASK, taskCount(), "task ");
    }

    /** Returns lock row names by index; an undefined row is called {@code "lock n"}. */
    public List<String> lockNames() {
        return names(Format.T_DEF_LOCK, lockCount(), "lock ");
    }

    /** Returns string {@code id} of the string table (function, task and lock names). */
    public String string(int id) {
        return catalog.strings.get(id);
    }

    /** Returns the number of strings in the string table. */
    public int stringCount() {
        return catalog.strings.size();
    }

    /** Returns the earliest time of any record, or 0 for an empty trace. */
    public long startPs() {
        return catalog.maxTime == Long.MIN_VALUE ? 0 : catalog.minTime;
    }

    /** Returns the latest time any record reaches, or 0 for an empty trace. */
    public long endPs() {
        return catalog.maxTime == Long.MIN_VALUE ? 0 : catalog.maxTime;
    }

    /** Returns the number of records in the readable blocks. */
    public long recordCount() {
        return catalog.records;
    }

    /** Returns the number of readable data blocks. */
    public int blockCount() {
        return catalog.blocks;
    }

    /** Returns the intervals of CPU row {@code cpu} overlapping {@code [fromPs, toPs)}. */
    public List<CpuInterval> cpuIntervals(int cpu, long fromPs, long toPs) {
        List<CpuInterval> out = new ArrayList<>();
        CpuState[] states = CpuState.values();
        rowRecords(Format.ROW_CPU, cpu, fromPs, toPs, (d, i) -> out.add(
            new CpuInterval(cpu, d.t0[i], d.t1[i], states[d.sub[i]], d.a[i], d.b[i])));
        return out;
    }

    /** Returns the intervals of task row {@code task} overlapping {@code [fromPs, toPs)}. */
    public List<TaskInterval> taskIntervals(int task, long fromPs, long toPs) {
        List<TaskInterval> out = new ArrayList<>();
        TaskState[] states = TaskState.values();
        rowRecords(Format.ROW_TASK, task, fromPs, toPs, (d, i) -> out.add(
            new TaskInterval(task, d.t0[i], d.t1[i], states[d.sub[i]], d.a[i])));
        return out;
    }

    /** Returns the holds of lock {@code lock} overlapping {@code [fromPs, toPs)}. */
    public List<LockHold> lockHolds(int lock, long fromPs, long toPs) {
        List<LockHold> out = new ArrayList<>();
        rowRecords(Format.ROW_LOCK, lock, fromPs, toPs, (d, i) -> out.add(
            new LockHold(lock, d.t0[i], d.t1[i], d.a[i])));
        return out;
    }

    /**
     * Returns the samples of one counter taken in {@code [fromPs, toPs)}, preceded by the last
     * sample before {@code fromPs} if there is one, so that a step chart knows its first value.
     */
    public List<CounterSample> counters(CounterKind kind, int index, long fromPs, long toPs) {
        Objects.requireNonNull(kind, "kind");
        List<CounterSample> out = new ArrayList<>();
        int family = Format.counterFamily(kind);
        RowIndex row = catalog.row(family, index);
        if (row == null) {
            return out;
        }
        int before = row.lastBlockStartingBefore(fromPs);
        if (before >= 0) {
            DecodedBlock d = block(before);
            int[] last = {-1};
            d.forEachInRow(family, index, i -> last[0] = d.t0[i] < fromPs ? i : last[0]);
            if (last[0] >= 0) {
                out.add(new CounterSample(kind, index, d.t0[last[0]], d.t1[last[0]]));
            }
        }
        row.blocksMeeting(fromPs, toPs, b -> {
            DecodedBlock d = block(b);
            d.forEachInRow(family, index, i -> {
                if (d.t0[i] >= fromPs && d.t0[i] < toPs) {
                    out.add(new CounterSample(kind, index, d.t0[i], d.t1[i]));
                }
            });
        });
        return out;
    }

    /** Returns the arrows whose span {@code [fromPs', toPs']} meets {@code [fromPs, toPs)}, in file order. */
    public List<Arrow> arrows(long fromPs, long toPs) {
        List<Arrow> out = new ArrayList<>();
        ArrowKind[] kinds = ArrowKind.values();
        RowIndex row = catalog.row(Format.ROW_ARROWS, 0);
        if (row == null) {
            return out;
        }
        row.blocksMeeting(fromPs, toPs, b -> {
            DecodedBlock d = block(b);
            d.forEachInRow(Format.ROW_ARROWS, 0, i -> {
                if (d.t0[i] < toPs && d.t1[i] >= fromPs) {
                    out.add(new Arrow(kinds[d.sub[i]], d.t0[i], d.a[i], d.t1[i], d.b[i], d.c[i]));
                }
            });
        });
        return out;
    }

    /**
     * Summarises one row for drawing at {@code psPerPixel} picoseconds per pixel: intervals of a
     * pixel or longer come back exact, shorter ones merged per pixel with the time each state
     * took, so the result has at most a few spans per pixel however many intervals the range
     * holds. States are ordinals of {@link RowKind#stateName}.
     *
     * @throws IllegalArgumentException if {@code fromPs >= toPs}, the range is wider than a
     *     {@code long} can measure, or {@code psPerPixel <= 0}
     */
    public List<SummarySpan> summary(RowKind kind, int row, long fromPs, long toPs, long psPerPixel) {
        return summaries(kind, new int[] {row}, fromPs, toPs, psPerPixel).get(0);
    }

    /**
     * Summarises several rows of one kind at once, as {@link #summary} does for one; a view
     * showing many rows should prefer this, since it decodes each block of the range once for
     * all of them. The result lists the rows' summaries in the order of {@code rows}.
     */
    public List<List<SummarySpan>> summaries(RowKind kind, int[] rows, long fromPs, long toPs, long psPerPixel) {
        Objects.requireNonNull(kind, "kind");
        try {
            Math.subtractExact(toPs, fromPs);
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("range [" + fromPs + ", " + toPs + ") is too wide", e);
        }
        int family = switch (kind) {
            case CPU -> Format.ROW_CPU;
            case TASK -> Format.ROW_TASK;
            case LOCK -> Format.ROW_LOCK;
        };
        LodSummarizer[] lods = new LodSummarizer[rows.length];
        BitSet blocks = new BitSet(catalog.blocks);
        for (int r = 0; r < rows.length; r++) {
            lods[r] = new LodSummarizer(fromPs, toPs, psPerPixel, kind.stateCount());
            RowIndex index = catalog.row(family, rows[r]);
            if (index != null) {
                index.blocksMeeting(fromPs, toPs, blocks::set);
            }
        }
        for (int b = blocks.nextSetBit(0); b >= 0; b = blocks.nextSetBit(b + 1)) {
            DecodedBlock d = block(b);
            for (int r = 0; r < rows.length; r++) {
                LodSummarizer lod = lods[r];
                d.forEachInRow(family, rows[r], i -> {
                    if (overlaps(d.t0[i], d.t1[i], fromPs, toPs)) {
                        lod.add(d.t0[i], d.t1[i], d.sub[i], d.a[i]);
                    }
                });
            }
        }
        List<List<SummarySpan>> out = new ArrayList<>(rows.length);
        for (LodSummarizer lod : lods) {
            out.add(Collections.unmodifiableList(lod.finish()));
        }
        return out;
    }

    /**
     * Hears of each block {@link #scan(TraceVisitor)} finishes (its 1-based count), so a long
     * export can show how far it is; {@code null} for nobody.
     */
    public void onBlockScanned(IntConsumer listener) {
        this.blockScanned = listener;
    }

    /** Visits every readable record in file order, decoding one block at a time. */
    public void scan(TraceVisitor visitor) {
        CpuState[] cpuStates = CpuState.values();
        TaskState[] taskStates = TaskState.values();
        CounterKind[] counterKinds = CounterKind.values();
        ArrowKind[] arrowKinds = ArrowKind.values();
        for (int b = 0; b < catalog.blocks; b++) {
            DecodedBlock d = decode(b);
            for (int i = 0; i < d.count(); i++) {
                switch (d.type[i]) {
                    case Format.T_CPU -> visitor.cpuInterval(new CpuInterval(d.row[i], d.t0[i], d.t1[i],
                        cpuStates[d.sub[i]], d.a[i], d.b[i]));
                    case Format.T_TASK -> visitor.taskInterval(new TaskInterval(d.row[i], d.t0[i], d.t1[i],
                        taskStates[d.sub[i]], d.a[i]));
                    case Format.T_LOCK -> visitor.lockHold(new LockHold(d.row[i], d.t0[i], d.t1[i], d.a[i]));
                    case Format.T_COUNTER -> visitor.counter(new CounterSample(counterKinds[d.sub[i]],
                        d.row[i], d.t0[i], d.t1[i]));
                    default -> visitor.arrow(new Arrow(arrowKinds[d.sub[i]], d.t0[i], d.a[i], d.t1[i],
                        d.b[i], d.c[i]));
                }
            }
            if (blockScanned != null) {
                blockScanned.accept(b + 1);
            }
        }
    }

    /** Closes the file. */
    @Override
    public void close() throws IOException {
        channel.close();
    }

    /** Whether the file is still open: a reader on another thread may find it closed under it. */
    public boolean isOpen() {
        return channel.isOpen();
    }

    /** Receives one record of a decoded block. */
    private interface RecordAction {
        void accept(DecodedBlock block, int record);
    }

    private void rowRecords(int family, int rowIndex, long from, long to, RecordAction action) {
        RowIndex row = catalog.row(family, rowIndex);
        if (row == null) {
            return;
        }
        row.blocksMeeting(from, to, b -> {
            DecodedBlock d = block(b);
            d.forEachInRow(family, rowIndex, i -> {
                if (overlaps(d.t0[i], d.t1[i], from, to)) {
                    action.accept(d, i);
                }
            });
        });
    }

    static boolean overlaps(long s, long e, long from, long to) {
        return s < to && (e > from || (s == e && s >= from));
    }

    private List<String> names(int defType, int count, String prefix) {
        Map<Integer, Integer> defined = catalog.names.get(defType - Format.T_DEF_CPU);
        List<String> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            Integer id = defined.get(i);
            out.add(id == null ? prefix + i : catalog.strings.get(id));
        }
        return Collections.unmodifiableList(out);
    }

    DecodedBlock block(int b) {
        synchronized (cache) {
            DecodedBlock d = cache.get(b);
            if (d == null) {
                d = decode(b);
                cache.put(b, d);
            }
            return d;
        }
    }

    DecodedBlock decode(int b) {
        int length = catalog.blockLength[b];
        byte[] payload = new byte[length];
        ByteBuffer buf = ByteBuffer.wrap(payload);
        long pos = catalog.blockOffset[b];
        try {
            while (buf.hasRemaining()) {
                int r = channel.read(buf, pos + buf.position());
                if (r < 0) {
                    throw new IOException("trace " + path + " shrank while open (block " + (b + 1) + ")");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try {
            return DecodedBlock.decode(payload, length, catalog.blockCount[b], catalog.blockBase[b],
                catalog.blockFirstString[b]);
        } catch (ByteSource.Malformed e) {
            throw new UncheckedIOException(new IOException("trace " + path + " changed while open: block "
                + (b + 1) + ": " + e.getMessage()));
        }
    }
}
