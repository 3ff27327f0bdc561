package org.locksim.report.lockstat;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.locksim.metrics.LockSide;
import org.locksim.metrics.LockStats;

/**
 * One lock's figures as a plain value for JSON output. Times whose name ends in {@code Ps} are
 * exact picoseconds; percentiles ({@code Ns}) come from the HdrHistograms, in nanoseconds.
 *
 * @param name              lock class name
 * @param algorithm         algorithm name
 * @param conBounces        contended attempts that found the lock word on another CPU
 * @param contentions       acquisitions that waited
 * @param waitMinPs         shortest wait
 * @param waitMaxPs         longest wait
 * @param waitTotalPs       total wait
 * @param waitAvgPs         mean wait of the contended acquisitions
 * @param acqBounces        acquisitions that found the lock word on another CPU
 * @param acquisitions      hold times recorded
 * @param holdMinPs         shortest hold
 * @param holdMaxPs         longest hold
 * @param holdTotalPs       total hold time
 * @param holdAvgPs         mean hold
 * @param contendedAttempts failed attempts
 * @param spun              acquisitions that spun
 * @param slept             acquisitions that slept
 * @param spinPs            total spin time
 * @param lineTransfers     cache-line transfers of the lock word
 * @param handOffsSameSocket acquisitions that waited, after a holder on the acquirer's socket
 * @param handOffsOtherSocket acquisitions that waited, after a holder on another socket
 * @param handOffsSameCore  of {@code handOffsSameSocket}, those after a holder on the acquirer's
 *                          own core (its SMT sibling, or its own CPU)
 * @param waitP50Ns         median wait of the contended acquisitions
 * @param waitP99Ns         99th percentile wait
 * @param holdP50Ns         median hold
 * @param holdP99Ns         99th percentile hold
 * @param contentionPoints  waiters' sites with counts, most frequent first
 * @param contendingPoints  holders' sites with counts, most frequent first
 * @param reads             the read side's figures, for a lock taken for reading; else absent
 * @param writes            the write side's figures, for a lock taken for reading; else absent
 */
public record LockStatRecord(String name, String algorithm,
                             long conBounces, long contentions, long waitMinPs, long waitMaxPs, long waitTotalPs,
                             long waitAvgPs, long acqBounces, long acquisitions, long holdMinPs, long holdMaxPs,
                             long holdTotalPs, long holdAvgPs, long contendedAttempts, long spun, long slept,
                             long spinPs, long lineTransfers, long handOffsSameSocket,
                             long handOffsOtherSocket, long handOffsSameCore, long waitP50Ns, long waitP99Ns, long holdP50Ns,
                             long holdP99Ns, List<Point> contentionPoints, List<Point> contendingPoints,
                             @JsonInclude(JsonInclude.Include.NON_NULL) Side reads,
                             @JsonInclude(JsonInclude.Include.NON_NULL) Side writes) {

    // Copies the point lists.
    public LockStatRecord {
        contentionPoints = List.copyOf(contentionPoints);
        contendingPoints = List.copyOf(contendingPoints);
    }

    /**
     * One side of a reader-writer lock, as the {@code -R} and {@code -W} rows of
     * {@code /proc/lock_stat} show it.
     *
     * @param conBounces   contentions whose lock word was last taken on another CPU
     * @param contentions  acquisitions that waited
     * @param waitMinPs    shortest wait
     * @param waitMaxPs    longest wait
     * @param waitTotalPs  total wait
     * @param waitAvgPs    mean wait
     * @param acqBounces   acquisitions whose lock word came from another CPU
     * @param acquisitions hold times recorded
     * @param holdMinPs    shortest hold
     * @param holdMaxPs    longest hold
     * @param holdTotalPs  total hold
     * @param holdAvgPs    mean hold
     */
    public record Side(long conBounces, long contentions, long waitMinPs, long waitMaxPs, long waitTotalPs,
                       long waitAvgPs, long acqBounces, long acquisitions, long holdMinPs, long holdMaxPs,
                       long holdTotalPs, long holdAvgPs) {

        static Side of(LockSide s) {
            return new Side(s.conBounces(), s.contentions(), s.waitMinPs(), s.waitMaxPs(), s.waitTotalPs(),
                    s.waitAvgPs(), s.acqBounces(), s.holds(), s.holdMinPs(), s.holdMaxPs(), s.holdTotalPs(),
                    s.holdAvgPs());
        }
    }

    /**
     * A code site and how often it was involved in a contention.
     *
     * @param label the site, e.g. {@code "mtx_lock_sleep+0x1c"}
     * @param count the count
     */
    public record Point(String label, long count) {
    }

    /**
     * Takes a snapshot of {@code s}, with every point that has a non-zero count.
     *
     * @param s the statistics
     * @return the record
     */
    public static LockStatRecord of(LockStats s) {
        return new LockStatRecord(s.name(), s.algorithm(), s.conBounces(), s.contentions(), s.waitMinPs(),
                s.waitMaxPs(), s.waitTotalPs(), s.waitAvgPs(), s.acqBounces(), s.acquisitions(), s.holdMinPs(),
                s.holdMaxPs(), s.holdTotalPs(), s.holdAvgPs(), s.contendedCount(), s.spun(), s.slept(), s.spinPs(),
                s.lineTransfers(), s.handOffsSameSocket(), s.handOffsOtherSocket(), s.handOffsSameCore(),
                percentile(s.waitHistogramNs(), 50), percentile(s.waitHistogramNs(), 99),
                percentile(s.holdHistogramNs(), 50), percentile(s.holdHistogramNs(), 99),
                points(s, false, Integer.MAX_VALUE), points(s, true, Integer.MAX_VALUE),
                s.side(true).holds() > 0 ? Side.of(s.side(true)) : null,
                s.side(true).holds() > 0 ? Side.of(s.side(false)) : null);
    }

    /**
     * The points of {@code s} with non-zero counts, most frequent first, ties in interning
     * order.
     */
    static List<Point> points(LockStats s, boolean contending, int limit) {
        List<Point> points = new ArrayList<>();
        for (int i = 0; i < s.pointCount(); i++) {
            long count = contending ? s.contendingCount(i) : s.contentionCount(i);
            if (count > 0) {
                points.add(new Point(s.pointLabel(i), count));
            }
        }
        points.sort((a, b) -> Long.compare(b.count(), a.count()));
        return points.size() > limit ? points.subList(0, limit) : points;
    }

    static long percentile(Histogram h, double p) {
        return h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(p);
    }
}
