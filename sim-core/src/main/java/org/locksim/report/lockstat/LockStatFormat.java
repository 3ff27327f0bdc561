package org.locksim.report.lockstat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.locksim.metrics.LockSide;
import org.locksim.metrics.LockStats;
import org.locksim.report.CFormat;

/**
 * Prints {@link LockStats} in the layout of Linux's {@code /proc/lock_stat}
 * ({@code seq_header()} and {@code seq_stats()} in kernel/locking/lockdep_proc.c; the columns
 * are explained in Documentation/locking/lockstat.rst):
 * <ul>
 *   <li>the line {@code lock_stat version 0.4}, a dashed rule, the column header, a rule and a
 *       blank line;</li>
 *   <li>per lock, most contended first (ties by name, then input order), the line
 *       {@code %40s:} name, {@code %14lu } con-bounces, {@code %14lu} contentions, four
 *       {@code  %14s} wait times, {@code  %14lu } acq-bounces, {@code %14lu} acquisitions, four
 *       hold times. Times are microseconds with two decimals, rounded at 5 ns like the kernel's
 *       {@code snprint_time()} (computed here from picoseconds); averages are truncated
 *       ({@code div64_u64}) before rounding. Names are cut to 37 characters as the kernel's
 *       {@code snprintf(name, 38, ...)} does;</li>
 *   <li>for a lock with contentions: a dash rule under the name, the contention points
 *       ({@code %40s %14lu %29s %s}: name, count, {@code [<address>]}, site), another rule and
 *       the contending points (the sites that held the lock), then a blank line, a dotted rule
 *       and a blank line.</li>
 * </ul>
 * Differences from the kernel, all deliberate: points are listed most frequent first rather
 * than in first-seen slot order, up to {@value #LOCKSTAT_POINTS} each by default; the
 * {@code [<address>]} is synthetic (a hash of the site label, so one site has one address
 * across locks); the dotted rule follows every lock that listed points (the kernel omits it
 * when there are no contending points). A lock taken for reading is printed as the kernel
 * prints a class with {@code read_holdtime.nr}: a {@code name-W} row ({@code %38s-W:}) when it
 * was also taken for writing and a {@code name-R} row, each with its own side's figures
 * ({@link LockSide}); the rule under the name is then two characters longer. Locks are ordered
 * by both sides' contentions together, as {@code lock_stat_cmp()} does. A lock with neither acquisitions nor contentions is not listed, as in the kernel.
 */
public final class LockStatFormat {

    /** The kernel's {@code LOCKSTAT_POINTS}: contention points kept per lock class. */
    public static final int LOCKSTAT_POINTS = 4;

    /** Width of the kernel's rules: {@code 40 + 1 + 12 * (14 + 1)}. */
    static final int RULE = 40 + 1 + 12 * (14 + 1);

    private static final int NAME_MAX = 37;

    private static final String[] COLUMNS = {"con-bounces", "contentions", "waittime-min", "waittime-max",
        "waittime-total", "waittime-avg", "acq-bounces", "acquisitions", "holdtime-min", "holdtime-max",
        "holdtime-total", "holdtime-avg"};

    private static final String[] EXTRA_COLUMNS = {"contended", "spun", "slept", "spin-total", "line-xfers",
        "handoff-same", "handoff-other", "handoff-core",
        "waittime-p50", "waittime-p99", "holdtime-p50", "holdtime-p99"};

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private LockStatFormat() {
    }

    /**
     * The {@code /proc/lock_stat} table with up to {@value #LOCKSTAT_POINTS} points of each
     * kind per lock.
     *
     * @param locks the statistics, in any order
     * @return the text, lines ending in {@code \n}
     */
    public static String format(List<LockStats> locks) {
        return format(locks, LOCKSTAT_POINTS);
    }

    /**
     * The {@code /proc/lock_stat} table.
     *
     * @param locks     the statistics, in any order
     * @param maxPoints points of each kind listed per lock, {@code >= 0}
     * @return the text
     */
    public static String format(List<LockStats> locks, int maxPoints) {
        if (maxPoints < 0) {
            throw new IllegalArgumentException("maxPoints must be >= 0: " + maxPoints);
        }
        StringBuilder out = new StringBuilder();
        out.append("lock_stat version 0.4\n");
        rule(out, '-', 0, RULE);
        out.append(CFormat.padLeft("class name", 40));
        for (String c : COLUMNS) {
            out.append(' ').append(CFormat.padLeft(c, 14));
        }
        out.append('\n');
        rule(out, '-', 0, RULE);
        out.append('\n');
        for (LockStats s : sorted(locks)) {
            stats(out, s, maxPoints);
        }
        return out.toString();
    }

    /**
     * The figures {@code /proc/lock_stat} lacks, one line per lock in the same order: failed
     * attempts, acquisitions that spun and that slept, spin time, lock-word line transfers,
     * hand-offs to a waiter on the last holder's socket and on another, and of the first those
     * on its core (its SMT sibling), wait and hold percentiles (from the ns histograms), and the
     * algorithm.
     *
     * @param locks the statistics
     * @return the text
     */
    public static String extras(List<LockStats> locks) {
        StringBuilder header = new StringBuilder(CFormat.padLeft("class name", 40));
        for (String c : EXTRA_COLUMNS) {
            header.append(' ').append(CFormat.padLeft(c, 14));
        }
        header.append(" algorithm");
        StringBuilder out = new StringBuilder("locksim lock statistics (not in lock_stat)\n");
        rule(out, '-', 0, header.length());
        out.append(header).append('\n');
        rule(out, '-', 0, header.length());
        out.append('\n');
        for (LockStats s : sorted(locks)) {
            out.append(CFormat.padLeft(truncate(s.name()), 40)).append(':');
            out.append(num(s.contendedCount())).append(' ').append(num(s.spun())).append(' ').append(num(s.slept()));
            out.append(' ').append(CFormat.padLeft(time(s.spinPs()), 14));
            out.append(' ').append(num(s.lineTransfers()));
            out.append(' ').append(num(s.handOffsSameSocket())).append(' ').append(num(s.handOffsOtherSocket()));
            out.append(' ').append(num(s.handOffsSameCore()));
            out.append(' ').append(CFormat.padLeft(time(1000 * LockStatRecord.percentile(s.waitHistogramNs(), 50)), 14));
            out.append(' ').append(CFormat.padLeft(time(1000 * LockStatRecord.percentile(s.waitHistogramNs(), 99)), 14));
            out.append(' ').append(CFormat.padLeft(time(1000 * LockStatRecord.percentile(s.holdHistogramNs(), 50)), 14));
            out.append(' ').append(CFormat.padLeft(time(1000 * LockStatRecord.percentile(s.holdHistogramNs(), 99)), 14));
            out.append(' ').append(s.algorithm()).append('\n');
        }
        return out.toString();
    }

    /**
     * The kernel table followed by a blank line and the {@link #extras} table.
     *
     * @param locks the statistics
     * @return the text
     */
    public static String formatExtended(List<LockStats> locks) {
        return format(locks) + '\n' + extras(locks);
    }

    /**
     * Snapshots in table order, for {@code --json} or any other serializer.
     *
     * @param locks the statistics
     * @return one record per listed lock
     */
    public static List<LockStatRecord> records(List<LockStats> locks) {
        List<LockStatRecord> records = new ArrayList<>();
        for (LockStats s : sorted(locks)) {
            records.add(LockStatRecord.of(s));
        }
        return records;
    }

    /**
     * The {@link #records} as an indented JSON object {@code {"locks": [...]}}.
     *
     * @param locks the statistics
     * @return the JSON text
     */
    public static String json(List<LockStats> locks) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("locks", records(locks));
        try {
            return JSON.writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A time as the kernel prints it: microseconds with two decimals, rounded up at 5 ns
     * ({@code snprint_time()}).
     *
     * @param ps the time in picoseconds, {@code >= 0}
     * @return for example {@code "2.01"} for 2 005 000 ps
     */
    public static String time(long ps) {
        long rounded = ps + 5_000;
        long micros = rounded / 1_000_000;
        long hundredths = (rounded % 1_000_000) / 10_000;
        return micros + (hundredths < 10 ? ".0" : ".") + hundredths;
    }

    private static void stats(StringBuilder out, LockStats s, int maxPoints) {
        String name = truncate(s.name());
        LockSide reads = s.side(true);
        LockSide writes = s.side(false);
        int rule = name.length();
        if (reads.holds() > 0) {
            // A lock taken for reading: a -W row when it was also taken for writing, a -R row.
            if (writes.holds() > 0) {
                side(out, name + "-W", writes);
            }
            side(out, name + "-R", reads);
            rule += 2;
        } else {
            out.append(CFormat.padLeft(name, 40)).append(':');
            out.append(num(s.conBounces())).append(' ');
            lockTime(out, s.contentions(), s.waitMinPs(), s.waitMaxPs(), s.waitTotalPs(), s.waitAvgPs());
            out.append(' ').append(num(s.acqBounces())).append(' ');
            lockTime(out, s.acquisitions(), s.holdMinPs(), s.holdMaxPs(), s.holdTotalPs(), s.holdAvgPs());
            out.append('\n');
        }
        if (s.contentions() == 0) {
            return;
        }
        boolean listed = points(out, name, rule, LockStatRecord.points(s, false, maxPoints));
        listed |= points(out, name, rule, LockStatRecord.points(s, true, maxPoints));
        if (listed) {
            out.append('\n');
            rule(out, '.', 0, RULE);
            out.append('\n');
        }
    }

    /** One side's row: {@code %38s-W:} or {@code %38s-R:}, then the side's figures. */
    private static void side(StringBuilder out, String label, LockSide side) {
        out.append(CFormat.padLeft(label, 40)).append(':');
        out.append(num(side.conBounces())).append(' ');
        lockTime(out, side.contentions(), side.waitMinPs(), side.waitMaxPs(), side.waitTotalPs(), side.waitAvgPs());
        out.append(' ').append(num(side.acqBounces())).append(' ');
        lockTime(out, side.holds(), side.holdMinPs(), side.holdMaxPs(), side.holdTotalPs(), side.holdAvgPs());
        out.append('\n');
    }

    private static boolean points(StringBuilder out, String name, int ruleLength, List<LockStatRecord.Point> points) {
        if (points.isEmpty()) {
            return false;
        }
        rule(out, '-', 40 - ruleLength, ruleLength);
        for (LockStatRecord.Point p : points) {
            out.append(CFormat.padLeft(name, 40)).append(' ').append(num(p.count())).append(' ')
                    .append(CFormat.padLeft(address(p.label()), 29)).append(' ').append(p.label()).append('\n');
        }
        return true;
    }

    private static void lockTime(StringBuilder out, long nr, long min, long max, long total, long avg) {
        out.append(num(nr));
        for (long t : new long[] {min, max, total, avg}) {
            out.append(' ').append(CFormat.padLeft(time(t), 14));
        }
    }

    private static List<LockStats> sorted(List<LockStats> locks) {
        List<LockStats> listed = new ArrayList<>();
        for (LockStats s : locks) {
            if (s.acquisitions() > 0 || s.contentions() > 0) {
                listed.add(s);
            }
        }
        listed.sort(Comparator.comparingLong(LockStats::contentions).reversed().thenComparing(LockStats::name));
        return listed;
    }

    /** A stable kernel-looking text address for a site label (FNV-1a of the label). */
    static String address(String label) {
        int hash = 0x811c9dc5;
        for (int i = 0; i < label.length(); i++) {
            hash = (hash ^ label.charAt(i)) * 0x01000193;
        }
        long address = 0xffffffff81000000L | ((hash & 0xffffffL) << 4 & 0xfffffffL);
        return String.format(Locale.ROOT, "[<%016x>]", address);
    }

    private static String truncate(String name) {
        return name.length() > NAME_MAX ? name.substring(0, NAME_MAX) : name;
    }

    private static String num(long n) {
        return CFormat.padLeft(Long.toString(n), 14);
    }

    private static void rule(StringBuilder out, char c, int offset, int length) {
        for (int i = 0; i < offset; i++) {
            out.append(' ');
        }
        for (int i = 0; i < length; i++) {
            out.append(c);
        }
        out.append('\n');
    }
}
