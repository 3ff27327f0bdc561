package org.locksim.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Why: lock_stat's columns have kernel semantics (a contention is an acquisition that waited,
 * acquisitions are counted at release, minima start from the first sample), and the simulator's
 * reports depend on them.
 */
class LockStatsTest {

    @Test
    void tracksMinMaxTotalAndTruncatedAverage() {
        LockStats s = new LockStats("l", "spin.tas");
        s.acquired(3_000, false, true, false);
        s.acquired(1_000, false, true, false);
        s.acquired(0, false, false, false);
        s.acquired(8_000, false, true, false);
        assertEquals(3, s.contentions());
        assertEquals(4, s.acquiredCount());
        assertEquals(1_000, s.waitMinPs());
        assertEquals(8_000, s.waitMaxPs());
        assertEquals(12_000, s.waitTotalPs());
        assertEquals(4_000, s.waitAvgPs());
        s.released(10);
        s.released(5);
        s.released(6);
        assertEquals(3, s.acquisitions());
        assertEquals(5, s.holdMinPs());
        assertEquals(10, s.holdMaxPs());
        assertEquals(7, s.holdAvgPs()); // 21 / 3
    }

    @Test
    void reportsZeroMinimaWhenNothingRecorded() {
        LockStats s = new LockStats("l", "spin.tas");
        assertEquals(0, s.waitMinPs());
        assertEquals(0, s.waitAvgPs());
        assertEquals(0, s.holdMinPs());
        assertEquals(0, s.holdAvgPs());
    }

    @Test
    void countsPointsBouncesSpinsAndSleeps() {
        LockStats s = new LockStats("l", "mutex.adaptive");
        int a = s.point("creat+0x40");
        int b = s.point("unlink+0x10");
        assertEquals(a, s.point("creat+0x40"));
        s.contended(a, true);
        s.contended(a, b, false);
        s.contended(LockStats.NO_POINT, true);
        s.acquired(1, true, true, false);
        s.acquired(1, false, true, true);
        s.spinTime(700);
        s.spinTime(300);
        s.lineTransfer();
        assertEquals(3, s.contendedCount());
        assertEquals(2, s.conBounces());
        assertEquals(1, s.acqBounces());
        assertEquals(2, s.contentionCount(a));
        assertEquals(0, s.contentionCount(b));
        assertEquals(1, s.contendingCount(b));
        assertEquals(2, s.spun());
        assertEquals(1, s.slept());
        assertEquals(1_000, s.spinPs());
        assertEquals(1, s.lineTransfers());
        assertEquals("unlink+0x10", s.pointLabel(b));
    }

    @Test
    void growsPointTableBeyondInitialCapacity() {
        LockStats s = new LockStats("l", "spin.tas");
        for (int i = 0; i < 100; i++) {
            s.contended(s.point("site" + i), false);
        }
        assertEquals(100, s.pointCount());
        assertEquals(1, s.contentionCount(99));
    }

    @Test
    void recordsNanosecondHistogramsForPercentiles() {
        LockStats s = new LockStats("l", "spin.tas", 3);
        for (int i = 1; i <= 100; i++) {
            s.acquired(i * 1_000L, false, true, false);
            s.released(i * 10_000L);
        }
        s.acquired(0, false, false, false); // uncontended: not in the wait histogram
        assertEquals(100, s.waitHistogramNs().getTotalCount());
        assertEquals(50, s.waitHistogramNs().getValueAtPercentile(50));
        assertEquals(990, s.holdHistogramNs().getValueAtPercentile(99));
    }

    @Test
    void resetClearsFiguresButKeepsPointIds() {
        LockStats s = new LockStats("l", "spin.tas");
        int p = s.point("site");
        s.contended(p, true);
        s.acquired(5, true, true, true);
        s.released(5);
        s.reset();
        assertEquals(0, s.contendedCount());
        assertEquals(0, s.contentions());
        assertEquals(0, s.acquisitions());
        assertEquals(0, s.contentionCount(p));
        assertEquals(0, s.waitHistogramNs().getTotalCount());
        assertEquals(p, s.point("site"));
        s.acquired(9, false, false, false);
        assertEquals(9, s.waitMinPs());
    }

    @Test
    void rejectsNegativeTimesAndUnknownPoints() {
        LockStats s = new LockStats("l", "spin.tas");
        assertThrows(IllegalArgumentException.class, () -> s.acquired(-1, false, false, false));
        assertThrows(IllegalArgumentException.class, () -> s.released(-1));
        assertThrows(IllegalArgumentException.class, () -> s.contended(3, false));
        assertThrows(IllegalArgumentException.class, () -> s.point(""));
    }

    @Test
    void recordsWithoutAllocatingPerCall() {
        // Not a timing: counts bytes this thread allocates across 100 000 recording calls.
        java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        Assumptions.assumeTrue(bean instanceof com.sun.management.ThreadMXBean);
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) bean;
        Assumptions.assumeTrue(threads.isThreadAllocatedMemorySupported());
        LockStats s = new LockStats("l", "spin.tas");
        int p = s.point("site");
        record(s, p, 20_000); // warm up, and size the histograms for the values below
        long thread = Thread.currentThread().getId();
        long before = threads.getThreadAllocatedBytes(thread);
        record(s, p, 100_000);
        long allocated = threads.getThreadAllocatedBytes(thread) - before;
        assertEquals(true, allocated < 10_000, "allocated " + allocated + " bytes");
    }

    private static void record(LockStats s, int p, int n) {
        for (int i = 0; i < n; i++) {
            s.contended(p, p, (i & 1) == 0);
            s.acquired(1_000 + (i % 1_000) * 1_000L, true, true, false);
            s.spinTime(500);
            s.lineTransfer();
            s.released(2_000 + (i % 1_000) * 1_000L);
        }
    }
}
