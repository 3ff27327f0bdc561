package org.locksim.metrics;

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

    private final ContentionPoints points = new ContentionPoints();

    private long contendedCount;
    private long spun;
    private final HandOffs handOffs = new HandOffs();
    private long slept;
    private long spinPs;
    private long lineTransfers;

    private final Histogram waitNs;
    private final Histogram holdNs;

    /** Both sides together: the figures lock_stat prints for a lock without reads. */
    private final LockSide all = new LockSide();
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
        return points.intern(label);
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
        all.contended(bounce);
        contendedCount++;
        points.contended(point, holderPoint);
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
        all.acquired(waitPs, bounce);
        if (spun) {
            this.spun++;
        }
        if (slept) {
            this.slept++;
        }
        if (waitPs > 0) {
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
        all.released(holdPs);
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
     * A waiter took the lock after a holder on its own socket or on another, on its own core or
     * not ({@link HandOffs}).
     *
     * @param sameSocket whether the previous holder's CPU was on the waiter's socket
     * @param sameCore whether it was on the waiter's core (implies {@code sameSocket})
     */
    public void handOff(boolean sameSocket, boolean sameCore) {
        handOffs.record(sameSocket, sameCore);
    }

    /** @return {@link #handOff} calls with the previous holder on the waiter's core, a part of {@link #handOffsSameSocket} */
    public long handOffsSameCore() {
        return handOffs.sameCore();
    }

    /** @return {@link #handOff} calls with the previous holder on the waiter's socket */
    public long handOffsSameSocket() {
        return handOffs.sameSocket();
    }

    /** @return {@link #handOff} calls with the previous holder on another socket */
    public long handOffsOtherSocket() {
        return handOffs.otherSocket();
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
        points.reset();
        contendedCount = spun = slept = 0;
        spinPs = lineTransfers = 0;
        handOffs.reset();
        waitNs.reset();
        holdNs.reset();
        all.reset();
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
        return all.conBounces();
    }

    /** @return calls to {@link #contended}, i.e. failed attempts */
    public long contendedCount() {
        return contendedCount;
    }

    /** @return acquisitions that waited: lock_stat's {@code contentions} column */
    public long contentions() {
        return all.contentions();
    }

    /** @return shortest non-zero wait in ps, 0 if none */
    public long waitMinPs() {
        return all.waitMinPs();
    }

    /** @return longest wait in ps */
    public long waitMaxPs() {
        return all.waitMaxPs();
    }

    /** @return total wait in ps */
    public long waitTotalPs() {
        return all.waitTotalPs();
    }

    /** @return mean wait of the contended acquisitions in ps, truncated as the kernel does */
    public long waitAvgPs() {
        return all.waitAvgPs();
    }

    /** @return acquisitions that found the lock word on another CPU */
    public long acqBounces() {
        return all.acqBounces();
    }

    /** @return hold times recorded: lock_stat's {@code acquisitions} column */
    public long acquisitions() {
        return all.holds();
    }

    /** @return calls to {@link #acquired}; exceeds {@link #acquisitions()} while the lock is held */
    public long acquiredCount() {
        return all.acquisitions();
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
        return all.holdMinPs();
    }

    /** @return longest hold in ps */
    public long holdMaxPs() {
        return all.holdMaxPs();
    }

    /** @return total hold time in ps */
    public long holdTotalPs() {
        return all.holdTotalPs();
    }

    /** @return mean hold in ps, truncated */
    public long holdAvgPs() {
        return all.holdAvgPs();
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
        return points.count();
    }

    /**
     * @param point a point id
     * @return its label
     */
    public String pointLabel(int point) {
        return points.label(point);
    }

    /**
     * @param point a point id
     * @return how often a waiter at this site found the lock held
     */
    public long contentionCount(int point) {
        return points.contentionCount(point);
    }

    /**
     * @param point a point id
     * @return how often a holder that took the lock at this site made someone wait
     */
    public long contendingCount(int point) {
        return points.contendingCount(point);
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
        return "LockStats[" + name + " (" + algorithm + "), contentions " + all.contentions()
                + ", acquisitions " + all.holds() + "]";
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
