package org.locksim.trace;

import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.SplittableRandom;

/**
 * Writes a plausible run to a {@link TraceWriter}, the way the simulator would: 8 CPUs, 32
 * tasks, 4 locks; each row's intervals are emitted when they end, so rows interleave as in a
 * real event loop; counters change with the intervals; lock hand-offs and wakeups become arrows.
 * Keeps what it wrote, per row, so tests can compare.
 */
final class SyntheticRun {
    static final int CPUS = 8;
    static final int TASKS = 32;
    static final int LOCKS = 4;
    static final String[] FUNCTIONS = {"mtx_enter", "mtx_leave", "sys_open", "namei", "vn_lock",
        "tmpfs_lookup", "sched_yield", "kern_futex"};

    final List<List<CpuInterval>> cpu = new ArrayList<>();
    final List<List<TaskInterval>> task = new ArrayList<>();
    final List<List<LockHold>> lock = new ArrayList<>();
    final List<CounterSample> counters = new ArrayList<>();
    final List<Arrow> arrows = new ArrayList<>();
    long intervals;
    /** Every record written, strings and definitions included. */
    long records;

    private final boolean keep;
    private boolean extras = true;
    private final SplittableRandom random;
    private final long[] rowTime = new long[CPUS + TASKS + LOCKS];
    private final int[] lastOwner = new int[LOCKS];

    private SyntheticRun(long seed, boolean keep) {
        this.random = new SplittableRandom(seed);
        this.keep = keep;
        for (int i = 0; i < CPUS; i++) {
            cpu.add(new ArrayList<>());
        }
        for (int i = 0; i < TASKS; i++) {
            task.add(new ArrayList<>());
        }
        for (int i = 0; i < LOCKS; i++) {
            lock.add(new ArrayList<>());
            lastOwner[i] = -1;
        }
    }

    static TraceHeader header() {
        return new TraceHeader("synthetic-mix", 42, CPUS, TASKS, LOCKS);
    }

    /**
     * Writes about {@code targetIntervals} intervals plus names, counters and arrows.
     *
     * @param keep whether to remember everything written (off for the million-interval test)
     * @param afterEach called after every writer call
     */
    static SyntheticRun write(TraceWriter w, long targetIntervals, long seed, boolean keep, Runnable afterEach) {
        return write(w, targetIntervals, seed, keep, true, afterEach);
    }

    /** As {@link #write(TraceWriter, long, long, boolean, Runnable)}; {@code extras} false leaves out counters and arrows. */
    static SyntheticRun write(TraceWriter w, long targetIntervals, long seed, boolean keep, boolean extras,
                              Runnable afterEach) {
        SyntheticRun run = new SyntheticRun(seed, keep);
        run.extras = extras;
        int[] fn = new int[FUNCTIONS.length];
        for (int i = 0; i < FUNCTIONS.length; i++) {
            fn[i] = w.internString(FUNCTIONS[i]);
            afterEach.run();
        }
        for (int c = 0; c < CPUS; c++) {
            w.defineCpu(c, "CPU " + c + " (socket " + c / 4 + ")");
            afterEach.run();
        }
        for (int t = 0; t < TASKS; t++) {
            w.defineTask(t, "worker-" + t);
            afterEach.run();
        }
        for (int l = 0; l < LOCKS; l++) {
            w.defineLock(l, "mount_mtx," + l);
            afterEach.run();
        }
        run.records = FUNCTIONS.length + 2L * (CPUS + TASKS + LOCKS); // strings and definitions
        // rows ordered by when their current interval ends: emit the earliest, as an event loop would
        PriorityQueue<long[]> due = new PriorityQueue<>((x, y) -> Long.compare(x[0], y[0]));
        for (int r = 0; r < run.rowTime.length; r++) {
            due.add(new long[] {run.random.nextLong(1_000_000), r});
        }
        while (run.intervals < targetIntervals) {
            long[] next = due.poll();
            int r = (int) next[1];
            long end = run.emit(w, r, fn, afterEach);
            next[0] = end;
            due.add(next);
        }
        return run;
    }

    private long emit(TraceWriter w, int r, int[] fn, Runnable afterEach) {
        long start = rowTime[r];
        long end;
        if (r < CPUS) {
            int kind = random.nextInt(100);
            CpuState state = kind < 8 ? CpuState.IDLE : kind < 50 ? CpuState.USER
                : kind < 80 ? CpuState.SYSTEM : kind < 93 ? CpuState.SPINNING : CpuState.SWITCHING;
            end = start + switch (state) {
                case IDLE -> random.nextLong(1_000_000, 50_000_000);
                case USER -> random.nextLong(1_000_000, 20_000_000);
                case SYSTEM -> random.nextLong(100_000, 2_000_000);
                case SPINNING -> random.nextLong(50_000, 5_000_000);
                case SWITCHING -> random.nextLong(1_200_000, 1_800_000);
            };
            int t = state == CpuState.IDLE ? -1 : random.nextInt(TASKS);
            int f = state == CpuState.SYSTEM || state == CpuState.SPINNING ? fn[random.nextInt(fn.length)] : -1;
            w.cpuState(r, start, end, state, t, f);
            afterEach.run();
            if (keep) {
                cpu.get(r).add(new CpuInterval(r, start, end, state, t, f));
            }
            if (random.nextInt(4) == 0) {
                counter(w, CounterKind.RUNQUEUE, r, end, random.nextInt(4), afterEach);
            }
        } else if (r < CPUS + TASKS) {
            int t = r - CPUS;
            TaskState state = TaskState.values()[random.nextInt(TaskState.values().length)];
            end = start + switch (state) {
                case RUNNING -> random.nextLong(1_000_000, 20_000_000);
                case RUNNABLE -> random.nextLong(1_000_000, 10_000_000);
                case SPINNING -> random.nextLong(50_000, 5_000_000);
                case BLOCKED -> random.nextLong(5_000_000, 50_000_000);
                case SLEEPING -> random.nextLong(10_000_000, 100_000_000);
            };
            int l = state == TaskState.SPINNING || state == TaskState.BLOCKED ? random.nextInt(LOCKS) : -1;
            w.taskState(t, start, end, state, l);
            afterEach.run();
            if (keep) {
                task.get(t).add(new TaskInterval(t, start, end, state, l));
            }
            if (state == TaskState.BLOCKED) {
                arrow(w, ArrowKind.WAKEUP, end - random.nextLong(1, 2_000_000), random.nextInt(TASKS),
                    end, t, l, afterEach);
            }
        } else {
            int l = r - CPUS - TASKS;
            start += random.nextLong(0, 5_000_000);
            end = start + random.nextLong(100_000, 2_000_000);
            int owner = random.nextInt(TASKS);
            w.lockHeld(l, start, end, owner);
            afterEach.run();
            if (keep) {
                lock.get(l).add(new LockHold(l, start, end, owner));
            }
            counter(w, CounterKind.WAITERS, l, start, random.nextInt(6), afterEach);
            if (lastOwner[l] >= 0) {
                arrow(w, ArrowKind.HANDOFF, rowTime[r], lastOwner[l], start, owner, l, afterEach);
            }
            lastOwner[l] = owner;
        }
        rowTime[r] = end;
        intervals++;
        records++;
        return end;
    }

    private void counter(TraceWriter w, CounterKind kind, int index, long time, long value, Runnable afterEach) {
        if (!extras) {
            return;
        }
        w.counter(kind, index, time, value);
        afterEach.run();
        records++;
        if (keep) {
            counters.add(new CounterSample(kind, index, time, value));
        }
    }

    private void arrow(TraceWriter w, ArrowKind kind, long from, int fromTask, long to, int toTask, int l,
                       Runnable afterEach) {
        if (!extras) {
            return;
        }
        long f = Math.max(0, Math.min(from, to));
        w.arrow(kind, f, fromTask, to, toTask, l);
        afterEach.run();
        records++;
        if (keep) {
            arrows.add(new Arrow(kind, f, fromTask, to, toTask, l));
        }
    }
}
