package org.locksim.trace;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * One data block decoded into columns, with each row's records listed in file order.
 *
 * <p>Column meaning by record type: CPU (row cpu, t0 start, t1 end, a task, b function); TASK
 * (row task, t0, t1, a lock); LOCK (row lock, t0, t1, a owner); COUNTER (row index, sub kind,
 * t0 time, t1 value); ARROW (row 0, sub kind, t0 from, t1 to, a from task, b to task, c lock).
 * String and definition records are kept aside for the reader's tables.
 */
final class DecodedBlock {
    private static final int CPU_STATES = CpuState.values().length;
    private static final int TASK_STATES = TaskState.values().length;
    private static final int COUNTER_KINDS = CounterKind.values().length;
    private static final int ARROW_KINDS = ArrowKind.values().length;

    final byte[] type;
    final byte[] sub;
    final int[] row;
    final long[] t0;
    final long[] t1;
    final int[] a;
    final int[] b;
    final int[] c;
    /** Strings added by this block, in id order. */
    final List<String> strings = new ArrayList<>();
    /** Definitions in this block as {type, index, string id}. */
    final List<int[]> definitions = new ArrayList<>();
    /** Earliest and latest time of any timed record, or MAX/MIN when there is none. */
    long minTime = Long.MAX_VALUE;
    long maxTime = Long.MIN_VALUE;
    private int filled;
    /** Record positions grouped by row, file order within a row; runs delimited by runStart. */
    private int[] order;
    /** Sorted row keys ({@code family << 20 | row}) present in the block. */
    private long[] runKeys;
    /** Start of each run in {@link #order}, plus one final entry equal to the record count. */
    private int[] runStart;

    private DecodedBlock(int capacity) {
        type = new byte[capacity];
        sub = new byte[capacity];
        row = new int[capacity];
        t0 = new long[capacity];
        t1 = new long[capacity];
        a = new int[capacity];
        b = new int[capacity];
        c = new int[capacity];
    }

    /** Returns the run of one row, or -1 when the block has no record of it. */
    int run(int family, int rowIndex) {
        int k = Arrays.binarySearch(runKeys, (long) family << 20 | rowIndex);
        return k < 0 ? -1 : k;
    }

    /** Calls {@code action} with the position of each record of one row, in file order. */
    void forEachInRow(int family, int rowIndex, IntConsumer action) {
        int run = run(family, rowIndex);
        if (run >= 0) {
            for (int k = runStart[run]; k < runStart[run + 1]; k++) {
                action.accept(order[k]);
            }
        }
    }

    /** Returns the number of row runs in the block. */
    int runs() {
        return runKeys.length;
    }

    int runFamily(int run) {
        return (int) (runKeys[run] >>> 20);
    }

    int runRow(int run) {
        return (int) (runKeys[run] & 0xFFFFF);
    }

    /** Returns where the run starts in {@link #record}'s numbering. */
    int runStart(int run) {
        return runStart[run];
    }

    int runEnd(int run) {
        return runStart[run + 1];
    }

    /** Returns the position of the {@code i}-th record in row order. */
    int record(int i) {
        return order[i];
    }

    /** Returns the number of timed records (intervals, counters, arrows) in the block. */
    int count() {
        return filled;
    }

    /**
     * Decodes a block's payload.
     *
     * @param firstStringId the id the block's first string record must carry
     * @throws ByteSource.Malformed if the payload does not decode as {@code count} records
     */
    static DecodedBlock decode(byte[] payload, int length, int count, long base, int firstStringId) {
        DecodedBlock d = new DecodedBlock(count);
        RowClock[] clocks = new RowClock[Format.ROW_FAMILIES];
        for (int i = 0; i < clocks.length; i++) {
            clocks[i] = new RowClock();
        }
        ByteSource in = new ByteSource(payload, 0, length);
        int nextString = firstStringId;
        long now = base; // latest time written so far; counters and arrows are relative to it
        for (int r = 0; r < count; r++) {
            int tag = in.u8();
            int t = tag >>> 4;
            boolean contiguous = (tag & Format.CONTIGUOUS) != 0;
            int s = tag & Format.SUB_MASK;
            switch (t) {
                case Format.T_CPU -> {
                    now = d.interval(t, Format.ROW_CPU, in, clocks, contiguous, base, check(s, CPU_STATES));
                    d.a[d.filled] = in.optional();
                    d.b[d.filled] = in.optional();
                    d.filled++;
                }
                case Format.T_TASK -> {
                    now = d.interval(t, Format.ROW_TASK, in, clocks, contiguous, base, check(s, TASK_STATES));
                    d.a[d.filled] = in.optional();
                    d.filled++;
                }
                case Format.T_LOCK -> {
                    now = d.interval(t, Format.ROW_LOCK, in, clocks, contiguous, base, check(s, 1));
                    d.a[d.filled] = in.optional();
                    d.filled++;
                }
                case Format.T_COUNTER -> {
                    check(s, COUNTER_KINDS);
                    int index = in.varint();
                    if (index > TraceWriter.MAX_ROW) {
                        throw new ByteSource.Malformed("counter index " + index + " too large");
                    }
                    now = contiguous ? now : now + in.zigzag();
                    d.put(t, s, index, now, in.zigzag());
                    d.filled++;
                }
                case Format.T_ARROW -> {
                    check(s, ARROW_KINDS);
                    now = contiguous ? now : now + in.zigzag();
                    long from = now - in.varlong();
                    if (from > now) {
                        throw new ByteSource.Malformed("arrow ends before it starts");
                    }
                    d.put(t, s, 0, from, now);
                    d.a[d.filled] = in.optional();
                    d.b[d.filled] = in.optional();
                    d.c[d.filled] = in.optional();
                    d.filled++;
                }
                case Format.T_STRING -> {
                    int id = in.varint();
                    if (id != nextString) {
                        throw new ByteSource.Malformed("string id " + id + " where " + nextString + " was due");
                    }
                    nextString++;
                    d.strings.add(new String(in.bytes(in.varint()), StandardCharsets.UTF_8));
                }
                case Format.T_DEF_CPU, Format.T_DEF_TASK, Format.T_DEF_LOCK -> {
                    int index = in.varint();
                    int id = in.varint();
                    if (id >= nextString) {
                        throw new ByteSource.Malformed("definition names unknown string " + id);
                    }
                    d.definitions.add(new int[] {t, index, id});
                }
                default -> throw new ByteSource.Malformed("unknown record type " + t);
            }
        }
        if (!in.atEnd()) {
            throw new ByteSource.Malformed("block holds bytes after its " + count + " records");
        }
        d.index();
        return d;
    }

    /** Decodes the common prefix of an interval record and returns its end. */
    private long interval(int t, int family, ByteSource in, RowClock[] clocks, boolean contiguous,
                          long base, int s) {
        int r = in.varint();
        if (r > TraceWriter.MAX_ROW) {
            throw new ByteSource.Malformed("row " + r + " beyond the largest row " + TraceWriter.MAX_ROW);
        }
        long ref = clocks[family].reference(r, base);
        long start = contiguous ? ref : ref + in.zigzag();
        long end = start + in.varlong();
        if (end < start) {
            throw new ByteSource.Malformed("interval ends before it starts");
        }
        clocks[family].set(r, end);
        put(t, s, r, start, end);
        return end;
    }

    private void put(int t, int s, int r, long start, long end) {
        type[filled] = (byte) t;
        sub[filled] = (byte) s;
        row[filled] = r;
        t0[filled] = start;
        t1[filled] = end;
        a[filled] = -1;
        b[filled] = -1;
        c[filled] = -1;
        minTime = Math.min(minTime, start);
        maxTime = Math.max(maxTime, t == Format.T_COUNTER ? start : end);
    }

    private static int check(int s, int limit) {
        if (s >= limit) {
            throw new ByteSource.Malformed("state or kind " + s + " out of range");
        }
        return s;
    }

    static int family(int t, int s) {
        return switch (t) {
            case Format.T_CPU -> Format.ROW_CPU;
            case Format.T_TASK -> Format.ROW_TASK;
            case Format.T_LOCK -> Format.ROW_LOCK;
            case Format.T_COUNTER -> s == 0 ? Format.ROW_RUNQUEUE : Format.ROW_WAITERS;
            default -> Format.ROW_ARROWS;
        };
    }

    /**
     * Groups records by row in linear time: an open-addressing table numbers the distinct row
     * keys (a block holds few), the keys are sorted, and a counting pass places the records,
     * keeping file order within each row.
     */
    private void index() {
        int[] keys = new int[filled];
        int capacity = 64;
        int[] table = new int[capacity];
        Arrays.fill(table, -1);
        int[] slotOf = new int[filled];
        int[] distinct = new int[16];
        int[] counts = new int[16];
        int n = 0;
        for (int i = 0; i < filled; i++) {
            int key = family(type[i], sub[i]) << 20 | row[i];
            keys[i] = key;
            if (2 * n >= capacity) {
                capacity *= 2;
                table = new int[capacity];
                Arrays.fill(table, -1);
                for (int d = 0; d < n; d++) {
                    table[probe(table, distinct[d], distinct)] = d;
                }
            }
            int p = probe(table, key, distinct);
            if (table[p] < 0) {
                if (n == distinct.length) {
                    distinct = Arrays.copyOf(distinct, n * 2);
                    counts = Arrays.copyOf(counts, n * 2);
                }
                distinct[n] = key;
                table[p] = n++;
            }
            slotOf[i] = table[p];
            counts[table[p]]++;
        }
        long[] sortedSlots = new long[n];
        for (int d = 0; d < n; d++) {
            sortedSlots[d] = (long) distinct[d] << 32 | d;
        }
        Arrays.sort(sortedSlots);
        runKeys = new long[n];
        runStart = new int[n + 1];
        int[] next = new int[n];
        int at = 0;
        for (int k = 0; k < n; k++) {
            int d = (int) sortedSlots[k];
            runKeys[k] = distinct[d];
            runStart[k] = at;
            next[d] = at;
            at += counts[d];
        }
        runStart[n] = filled;
        order = new int[filled];
        for (int i = 0; i < filled; i++) {
            order[next[slotOf[i]]++] = i;
        }
    }

    /** Finds the table slot holding {@code key} or the empty slot where it belongs. */
    private static int probe(int[] table, int key, int[] distinct) {
        int mask = table.length - 1;
        int p = (key * 0x9E3779B9) >>> 7 & mask;
        while (table[p] >= 0 && distinct[table[p]] != key) {
            p = (p + 1) & mask;
        }
        return p;
    }
}
