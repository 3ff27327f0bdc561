package org.locksim.trace;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One data block decoded into columns, with each row's records listed in file order.
 *
 * <p>Column meaning by record type: CPU (row cpu, t0 start, t1 end, a task, b function); TASK
 * (row task, t0, t1, a lock); LOCK (row lock, t0, t1, a owner); COUNTER (row index, sub kind,
 * t0 time, t1 value); ARROW (row 0, sub kind, t0 from, t1 to, a from task, b to task, c lock).
 * String and definition records are kept aside for the reader's tables.
 */
final class DecodedBlock {
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
    private final Map<Long, int[]> byRow = new HashMap<>();
    private int filled;

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

    /** Returns the positions of one row's records in file order (possibly empty). */
    int[] rowRecords(int family, int rowIndex) {
        return byRow.getOrDefault(Format.rowKey(family, rowIndex), new int[0]);
    }

    /** Iterates the row keys present in this block. */
    Iterable<Long> rowKeys() {
        return byRow.keySet();
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
                    now = d.interval(t, Format.ROW_CPU, in, clocks, contiguous, base, check(s, CpuState.values().length));
                    d.a[d.filled] = in.optional();
                    d.b[d.filled] = in.optional();
                    d.filled++;
                }
                case Format.T_TASK -> {
                    now = d.interval(t, Format.ROW_TASK, in, clocks, contiguous, base, check(s, TaskState.values().length));
                    d.a[d.filled] = in.optional();
                    d.filled++;
                }
                case Format.T_LOCK -> {
                    now = d.interval(t, Format.ROW_LOCK, in, clocks, contiguous, base, check(s, 1));
                    d.a[d.filled] = in.optional();
                    d.filled++;
                }
                case Format.T_COUNTER -> {
                    check(s, CounterKind.values().length);
                    int index = in.varint();
                    now = contiguous ? now : now + in.zigzag();
                    d.put(t, s, index, now, in.zigzag());
                    d.filled++;
                }
                case Format.T_ARROW -> {
                    check(s, ArrowKind.values().length);
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

    private void index() {
        Map<Long, int[]> counts = new HashMap<>();
        for (int i = 0; i < filled; i++) {
            counts.computeIfAbsent(Format.rowKey(family(type[i], sub[i]), row[i]), k -> new int[1])[0]++;
        }
        for (Map.Entry<Long, int[]> e : counts.entrySet()) {
            byRow.put(e.getKey(), new int[e.getValue()[0]]);
            e.getValue()[0] = 0;
        }
        for (int i = 0; i < filled; i++) {
            long key = Format.rowKey(family(type[i], sub[i]), row[i]);
            byRow.get(key)[counts.get(key)[0]++] = i;
        }
    }
}
