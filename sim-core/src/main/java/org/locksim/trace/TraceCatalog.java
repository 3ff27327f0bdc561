package org.locksim.trace;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@link TraceScanner} learns about a trace: where each intact block lives, the string
 * table, the row names, a {@link RowIndex} per row, and the trace's time extent. Only the intact
 * prefix is ever committed here, so a damaged block leaves no half-applied state.
 */
final class TraceCatalog {
    final TraceHeader header;
    final int blockLimit;
    long[] blockOffset = new long[16];
    int[] blockLength = new int[16];
    int[] blockCount = new int[16];
    long[] blockBase = new long[16];
    int[] blockFirstString = new int[16];
    int blocks;
    long records;
    final long[] perType = new long[Format.T_DEF_LOCK + 1];
    final List<String> strings = new ArrayList<>();
    final List<Map<Integer, Integer>> names = List.of(new HashMap<>(), new HashMap<>(), new HashMap<>());
    int taskRows;
    int lockRows;
    long minTime = Long.MAX_VALUE;
    long maxTime = Long.MIN_VALUE;
    Integrity integrity;
    private final List<List<RowIndex>> rows = new ArrayList<>();

    TraceCatalog(TraceHeader header, int blockLimit) {
        this.header = header;
        this.blockLimit = blockLimit;
        this.taskRows = header.taskCount();
        this.lockRows = header.lockCount();
        for (int f = 0; f < Format.ROW_FAMILIES; f++) {
            rows.add(new ArrayList<>());
        }
    }

    /**
     * Checks that the starts of every row but the arrows' never go back, within the block and
     * from the row's last start in the blocks before, as the writer wrote them: times that run
     * backwards are corruption.
     *
     * @throws ByteSource.Malformed at the first start that goes back
     */
    private void checkOrder(DecodedBlock d) {
        for (int run = 0; run < d.runs(); run++) {
            int family = d.runFamily(run);
            if (family == Format.ROW_ARROWS) {
                continue;
            }
            RowIndex before = row(family, d.runRow(run));
            long last = before == null ? Long.MIN_VALUE : before.lastStart();
            for (int k = d.runStart(run); k < d.runEnd(run); k++) {
                long start = d.t0[d.record(k)];
                if (start < last) {
                    throw new ByteSource.Malformed("times run backwards: a record of row " + d.runRow(run)
                        + " (family " + family + ") starts at " + start + " ps, after one at " + last + " ps");
                }
                last = start;
            }
        }
    }

    /** Returns the index of one row, or {@code null} when no intact block has records of it. */
    RowIndex row(int family, int row) {
        List<RowIndex> list = rows.get(family);
        return row >= 0 && row < list.size() ? list.get(row) : null;
    }

    /**
     * Checks a decoded block's cross-references, then adds it to the catalog.
     *
     * @throws ByteSource.Malformed if a record names a CPU or string that does not exist
     */
    void commit(DecodedBlock d, long payloadOffset, int length, int count, long base) {
        int stringCount = strings.size() + d.strings.size();
        int maxTask = -1;
        int maxLock = -1;
        for (int i = 0; i < d.count(); i++) {
            int t = d.type[i];
            int family = DecodedBlock.family(t, d.sub[i]);
            if ((family == Format.ROW_CPU || family == Format.ROW_RUNQUEUE) && d.row[i] >= header.cpuCount()) {
                throw new ByteSource.Malformed("record for cpu " + d.row[i] + " of " + header.cpuCount());
            }
            switch (t) {
                case Format.T_CPU -> {
                    maxTask = Math.max(maxTask, d.a[i]);
                    if (d.b[i] >= stringCount) {
                        throw new ByteSource.Malformed("function names unknown string " + d.b[i]);
                    }
                }
                case Format.T_TASK -> {
                    maxTask = Math.max(maxTask, d.row[i]);
                    maxLock = Math.max(maxLock, d.a[i]);
                }
                case Format.T_LOCK -> {
                    maxLock = Math.max(maxLock, d.row[i]);
                    maxTask = Math.max(maxTask, d.a[i]);
                }
                case Format.T_COUNTER -> maxLock = family == Format.ROW_WAITERS ? Math.max(maxLock, d.row[i]) : maxLock;
                default -> {
                    maxTask = Math.max(maxTask, Math.max(d.a[i], d.b[i]));
                    maxLock = Math.max(maxLock, d.c[i]);
                }
            }
        }
        for (int[] def : d.definitions) {
            if (def[0] == Format.T_DEF_CPU && def[1] >= header.cpuCount()) {
                throw new ByteSource.Malformed("definition of cpu " + def[1] + " of " + header.cpuCount());
            }
            maxTask = def[0] == Format.T_DEF_TASK ? Math.max(maxTask, def[1]) : maxTask;
            maxLock = def[0] == Format.T_DEF_LOCK ? Math.max(maxLock, def[1]) : maxLock;
        }
        checkOrder(d);
        // from here on nothing can fail: apply the block
        int block = addBlock(payloadOffset, length, count, base);
        strings.addAll(d.strings);
        for (int[] def : d.definitions) {
            names.get(def[0] - Format.T_DEF_CPU).put(def[1], def[2]);
            perType[def[0]]++;
        }
        perType[Format.T_STRING] += d.strings.size();
        taskRows = Math.max(taskRows, maxTask + 1);
        lockRows = Math.max(lockRows, maxLock + 1);
        for (int i = 0; i < d.count(); i++) {
            perType[d.type[i]]++;
        }
        for (int run = 0; run < d.runs(); run++) {
            int family = d.runFamily(run);
            int row = d.runRow(run);
            long lo = Long.MAX_VALUE;
            long hi = Long.MIN_VALUE;
            boolean counter = family == Format.ROW_RUNQUEUE || family == Format.ROW_WAITERS;
            for (int k = d.runStart(run); k < d.runEnd(run); k++) {
                int i = d.record(k);
                lo = Math.min(lo, d.t0[i]);
                hi = Math.max(hi, counter ? d.t0[i] : d.t1[i]);
            }
            long lastStart = d.t0[d.record(d.runEnd(run) - 1)];
            List<RowIndex> list = rows.get(family);
            while (list.size() <= row) {
                list.add(null);
            }
            if (list.get(row) == null) {
                list.set(row, new RowIndex());
            }
            list.get(row).add(block, lo, hi, lastStart);
        }
        if (d.count() > 0) {
            minTime = Math.min(minTime, d.minTime);
            maxTime = Math.max(maxTime, d.maxTime);
        }
        records += count;
    }

    private int addBlock(long offset, int length, int count, long base) {
        if (blocks == blockOffset.length) {
            int n = blocks * 2;
            blockOffset = Arrays.copyOf(blockOffset, n);
            blockLength = Arrays.copyOf(blockLength, n);
            blockCount = Arrays.copyOf(blockCount, n);
            blockBase = Arrays.copyOf(blockBase, n);
            blockFirstString = Arrays.copyOf(blockFirstString, n);
        }
        blockOffset[blocks] = offset;
        blockLength[blocks] = length;
        blockCount[blocks] = count;
        blockBase[blocks] = base;
        blockFirstString[blocks] = strings.size();
        return blocks++;
    }
}
