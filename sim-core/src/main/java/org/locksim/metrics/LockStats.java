package org.locksim.metrics;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import org.HdrHistogram.Histogram;

/**
 * Statistics of one lock class, modelled on Linux's {@code struct lock_class_stats}
 * ({@code include/linux/lockdep_types.h}, reported by {@code /proc/lock_stat}, see
 * Documentation/locking/lockstat.rst), with the same event points:
 * <ul>
 *   <li>{@link #contended} when an attempt finds the lock held ({@code lock_contended()}):
 *       counts the waiter's contention point, the holder's contending point, and a
 *       {@code con-bounce} if the lock word came from another CPU;</li>
 *   <li>{@link #acquired} when the lock is taken ({@code lock_acquired()}): a non-zero wait is
 *       a contention and enters the {@code waittime} figures; counts an {@code acq-bounce};</li>
 *   <li>{@link #released} when it is released ({@code lock_release()}): enters the
 *       {@code holdtime} figures; {@code acquisitions} is, as in the kernel, the number of
 *       hold times recorded.</li>
 * </ul>
 * Beyond the kernel: how many acquisitions spun and how many slept, total spin time, and the
 * number of cache-line transfers of the lock word.
 *
 * <p>Times are recorded in picoseconds. Totals, minima and maxima are exact. Wait and hold
 * times also go into auto-resizing HdrHistograms in <b>nanoseconds</b> (rounded to nearest, so
 * that a 1 s range at 2 significant digits costs a few kilobytes per histogram) for
 * percentiles.
 *
 * <p>Several lock instances of one class (every dentry's {@code d_lock}) may share one
 * {@code LockStats}, as in lockdep. The recording methods allocate nothing; {@link #point}
 * allocates only for a label it has not seen. Not thread-safe: one simulation, one thread.
 */
public final class LockStats {

    /** "No contention point known", accepted wherever a point id is. */
    public static final int NO_POINT = -1;

    /** Default HdrHistogram precision: 2 significant digits, i.e. within 1%. */
    public static final int DEFAULT_HISTOGRAM_DIGITS = 2;

    private final String name;
    private final String algorithm;

    private final Map<String, Integer> pointIds = new HashMap<>();
    private String[] pointLabels = new String[4];
    private long[] contentionCounts = new long[4];
    private long[] contendingCounts = new long[4];
    private int pointCount;

    private long contendedCount;
    private long conBounces;
    private long contentions;
    private long waitMinPs;
    private long waitMaxPs;
    private long waitTotalPs;
    private long acquiredCount;
    private long acqBounces;
    private long spun;
    private long handOffsSame;
    private long handOffsOther;
    private long slept;
    private long holds;
    private long holdMinPs;
    private long holdMaxPs;
    private long holdTotalPs;
    private long spinPs;
    private long lineTransfers;

    private final Histogram waitNs;
    private final Histogram holdNs;

    private final LockSide readSide = new LockSide();
    private final LockSide writeSide = new LockSide();

    /**
     * @param name      the lock class name, as {@code /proc/lock_stat} shows it
     *                  (e.g. {@code "&mp->mnt_mtx"})
     * @param algorithm the registered algorithm name (e.g. {@code "mutex.adaptive"})
     */
    public LockStats(String name, String algorithm) {
        this(name, algorithm, DEFAULT_HISTOGRAM_DIGITS);
    }

    /**
     * @param name            the lock class name
     * @param algorithm       the algorithm name
     * @param histogramDigits significant decimal digits of the wait and hold histograms, 0 to 5
     */
    public LockStats(String name, String algorithm, int histogramDigits) {
        this.name = Objects.requireNonNull(name, "name");
        this.algorithm = Objects.requireNonNull(algorithm, "algorithm");
        this.waitNs = new Histogram(histogramDigits);
        this.holdNs = new Histogram(histogramDigits);
    }

    /**
     * Interns a contention point: a short label of the code site that takes the lock, such as
     * {@code "mtx_lock_sleep+0x1c"} or a workload's own name. Call once, up front.
     *
     * @param label the site
     * @return its id for {@link #contended}; the same label always gives the same id
     */
    public int point(String label) {
        Integer id = pointIds.get(Objects.requireNonNull(label, "label"));
        if (id != null) {
            return id;
        }
        if (label.isEmpty() || label.indexOf('\n') >= 0) {
            throw new IllegalArgumentException("contention point label must be one non-empty line: '" + label + "'");
        }
        if (pointCount == pointLabels.length) {
            int capacity = pointCount * 2;
            pointLabels = Arrays.copyOf(pointLabels, capacity);
            contentionCounts = Arrays.copyOf(contentionCounts, capacity);
            contendingCounts = Arrays.copyOf(contendingCounts, capacity);
        }
        pointLabels[pointCount] = label;
        pointIds.put(label, pointCount);
        return pointCount++;
    }

    /**
     * A lock attempt found the lock held.
     *
     * @param point  the waiter's contention point, or {@link #NO_POINT}
     * @param bounce whether the lock word was last owned by another CPU
     */
    public void contended(int point, boolean bounce) {
        contended(point, NO_POINT, bounce);
    }

    /**
     * A lock attempt found the lock held, with the site at which the holder took it (the
     * kernel's second list, "contending points").
     *
     * @param point       the waiter's contention point, or {@link #NO_POINT}
     * @param holderPoint the holder's acquisition site, or {@link #NO_POINT}
     * @param bounce      whether the lock word was last owned by another CPU
     */
    public void contended(int point, int holderPoint, boolean bounce) {
        contended(point, holderPoint, bounce, false);
    }

    /**
     * {@link #contended(int, int, boolean)} by a reader ({@code read}) or a writer: the figures
     * go to the totals and to that {@link #side}.
     */
    public void contended(int point, int holderPoint, boolean bounce, boolean read) {
        side(read).contended(bounce);
        contendedCount++;
        if (bounce) {
            conBounces++;
        }
        if (point != NO_POINT) {
            contentionCounts[checkPoint(point)]++;
        }
        if (holderPoint != NO_POINT) {
            contendingCounts[checkPoint(holderPoint)]++;
        }
    }

    /**
     * The lock was taken.
     *
     * @param waitPs time from the first failed attempt to the acquisition; 0 for an
     *               uncontended acquisition, which then does not count as a contention
     * @param bounce whether the lock word came from another CPU
     * @param spun   whether the acquirer spun (busy-waited) before getting it
     * @param slept  whether the acquirer blocked before getting it
     */
    public void acquired(long waitPs, boolean bounce, boolean spun, boolean slept) {
        acquired(waitPs, bounce, spun, slept, false);
    }

    /** {@link #acquired(long, boolean, boolean, boolean)} for reading ({@code read}) or writing. */
    public void acquired(long waitPs, boolean bounce, boolean spun, boolean slept, boolean read) {
        checkTime(waitPs);
        side(read).acquired(waitPs, bounce);
        acquiredCount++;
        if (bounce) {
            acqBounces++;
        }
        if (spun) {
            this.spun++;
        }
        if (slept) {
            this.slept++;
        }
        if (waitPs > 0) {
            if (contentions == 0 || waitPs < waitMinPs) {
                waitMinPs = waitPs;
            }
            if (waitPs > waitMaxPs) {
                waitMaxPs = waitPs;
            }
            waitTotalPs += waitPs;
            contentions++;
            waitNs.recordValue(toNs(waitPs));
        }
    }

    /**
     * The lock was released.
     *
     * @param holdPs time from acquisition to release
     */
    public void released(long holdPs) {
        released(holdPs, false);
    }

    /** {@link #released(long)} of a hold for reading ({@code read}) or writing. */
    public void released(long holdPs, boolean read) {
        checkTime(holdPs);
        side(read).released(holdPs);
        if (holds == 0 || holdPs < holdMinPs) {
            holdMinPs = holdPs;
        }
        if (holdPs > holdMaxPs) {
            holdMaxPs = holdPs;
        }
        holdTotalPs += holdPs;
        holds++;
        holdNs.recordValue(toNs(holdPs));
    }

    /**
     * Adds busy-wait time (a spinner's CPU time spent waiting for this lock).
     *
     * @param ps the time
     */
    public void spinTime(long ps) {
        checkTime(ps);
        spinPs += ps;
    }

    /**
     * A waiter took the lock after a holder on its own socket, or on another: the NUMA locality
     * of hand-offs that CNA-style locks trade fairness for.
     *
     * @param sameSocket whether the previous holder's CPU was on the waiter's socket
     */
    public void handOff(boolean sameSocket) {
        if (sameSocket) {
            handOffsSame++;
        } else {
            handOffsOther++;
        }
    }

    /** @return {@link #handOff} calls with the previous holder on the waiter's socket */
    public long handOffsSameSocket() {
        return handOffsSame;
    }

    /** @return {@link #handOff} calls with the previous holder on another socket */
    public long handOffsOtherSocket() {
        return handOffsOther;
    }

    /** One transfer of the lock word's cache line between CPUs. */
    public void lineTransfer() {
        lineTransfers++;
    }

    /**
     * Several transfers at once.
     *
     * @param count the number of transfers, {@code >= 0}
     */
    public void lineTransfers(long count) {
        if (count < 0) {
            throw new IllegalArgumentException("negative transfer count: " + count);
        }
        lineTransfers += count;
    }

    /**
     * Clears every figure (as {@code echo 0 > /proc/lock_stat} does), for example at the end
     * of the warm-up; interned points keep their ids.
     */
    public void reset() {
        Arrays.fill(contentionCounts, 0);
        Arrays.fill(contendingCounts, 0);
        contendedCount = conBounces = contentions = waitMinPs = waitMaxPs = waitTotalPs = 0;
        acquiredCount = acqBounces = spun = slept = 0;
        holds = holdMinPs = holdMaxPs = holdTotalPs = 0;
        spinPs = lineTransfers = handOffsSame = handOffsOther = 0;
        waitNs.reset();
        holdNs.reset();
        readSide.reset();
        writeSide.reset();
    }

    /**
     * The read or the write side's own figures; the other methods give both sides together.
     * A lock that is never taken for reading has them all on the write side.
     *
     * @param read the read side, else the write side
     * @return that side
     */
    public LockSide side(boolean read) {
        return read ? readSide : writeSide;
    }

    /** @return the lock class name */
    public String name() {
        return name;
    }

    /** @return the algorithm name */
    public String algorithm() {
        return algorithm;
    }

    /** @return {@link #contended} calls that found the lock word on another CPU */
    public long conBounces() {
        return conBounces;
    }

    /** @return calls to {@link #contended}, i.e. failed attempts */
    public long contendedCount() {
        return contendedCount;
    }

    /** @return acquisitions that waited: lock_stat's {@code contentions} column */
    public long contentions() {
        return contentions;
    }

    /** @return shortest non-zero wait in ps, 0 if none */
    public long waitMinPs() {
        return waitMinPs;
    }

    /** @return longest wait in ps */
    public long waitMaxPs() {
        return waitMaxPs;
    }

    /** @return total wait in ps */
    public long waitTotalPs() {
        return waitTotalPs;
    }

    /** @return mean wait of the contended acquisitions in ps, truncated as the kernel does */
    public long waitAvgPs() {
        return contentions == 0 ? 0 : waitTotalPs / contentions;
    }

    /** @return acquisitions that found the lock word on another CPU */
    public long acqBounces() {
        return acqBounces;
    }

    /** @return hold times recorded: lock_stat's {@code acquisitions} column */
    public long acquisitions() {
        return holds;
    }

    /** @return calls to {@link #acquired}; exceeds {@link #acquisitions()} while the lock is held */
    public long acquiredCount() {
        return acquiredCount;
    }

    /** @return acquisitions that spun */
    public long spun() {
        return spun;
    }

    /** @return acquisitions that slept */
    public long slept() {
        return slept;
    }

    /** @return shortest hold in ps, 0 if none */
    public long holdMinPs() {
        return holdMinPs;
    }

    /** @return longest hold in ps */
    public long holdMaxPs() {
        return holdMaxPs;
    }

    /** @return total hold time in ps */
    public long holdTotalPs() {
        return holdTotalPs;
    }

    /** @return mean hold in ps, truncated */
    public long holdAvgPs() {
        return holds == 0 ? 0 : holdTotalPs / holds;
    }

    /** @return total spin time in ps */
    public long spinPs() {
        return spinPs;
    }

    /** @return cache-line transfers of the lock word */
    public long lineTransfers() {
        return lineTransfers;
    }

    /** @return the number of interned contention points; ids are {@code 0..pointCount()-1} */
    public int pointCount() {
        return pointCount;
    }

    /**
     * @param point a point id
     * @return its label
     */
    public String pointLabel(int point) {
        return pointLabels[checkPoint(point)];
    }

    /**
     * @param point a point id
     * @return how often a waiter at this site found the lock held
     */
    public long contentionCount(int point) {
        return contentionCounts[checkPoint(point)];
    }

    /**
     * @param point a point id
     * @return how often a holder that took the lock at this site made someone wait
     */
    public long contendingCount(int point) {
        return contendingCounts[checkPoint(point)];
    }

    /** @return wait times of contended acquisitions in ns; live, do not modify */
    public Histogram waitHistogramNs() {
        return waitNs;
    }

    /** @return hold times in ns; live, do not modify */
    public Histogram holdHistogramNs() {
        return holdNs;
    }

    @Override
    public String toString() {
        return "LockStats[" + name + " (" + algorithm + "), contentions " + contentions
                + ", acquisitions " + holds + "]";
    }

    private int checkPoint(int point) {
        if (point < 0 || point >= pointCount) {
            throw new IllegalArgumentException("unknown contention point id " + point + " (" + pointCount + " interned)");
        }
        return point;
    }

    private static void checkTime(long ps) {
        if (ps < 0) {
            throw new IllegalArgumentException("negative time: " + ps + " ps");
        }
    }

    private static long toNs(long ps) {
        return (ps + 500) / 1000;
    }
}
