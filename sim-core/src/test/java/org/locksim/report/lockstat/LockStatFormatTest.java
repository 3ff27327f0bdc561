package org.locksim.report.lockstat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.locksim.metrics.LockStats;

/**
 * Why: lock_stat readers grep and diff this table against real kernels' output, so the column
 * widths, the rules and the time rounding are pinned by a golden string. The golden lines were
 * produced with Python's C-style {@code %40s}/{@code %14d} formatting from the figures worked
 * out in {@link #mountMutex()}, independently of the code under test.
 */
class LockStatFormatTest {

    private static final String RULE = "-".repeat(221);
    private static final String DOTS = ".".repeat(221);

    /**
     * Three contended attempts (two with a bounce), four acquisitions: waits 1.5 us and
     * 2.005 us (rounds up to 2.01; total 3.505 -> 3.51; mean 1.7525 -> 1.75), two uncontended;
     * holds 0.1, 0.25, 1 and 3.333333 us (total 4.683333 -> 4.68, mean 1.170833 -> 1.17).
     */
    static LockStats mountMutex() {
        LockStats s = new LockStats("mount_mtx", "mutex.adaptive");
        int sleep = s.point("mtx_lock_sleep+0x1c");
        int busy = s.point("vfs_busy+0x40");
        s.contended(sleep, busy, true);
        s.contended(sleep, busy, false);
        s.contended(busy, sleep, true);
        s.acquired(1_500_000, true, true, false);
        s.acquired(2_005_000, true, false, true);
        s.acquired(0, true, false, false);
        s.acquired(0, false, false, false);
        s.released(100_000);
        s.released(250_000);
        s.released(1_000_000);
        s.released(3_333_333);
        s.spinTime(1_500_000);
        s.lineTransfer();
        s.lineTransfers(4);
        return s;
    }

    static LockStats uncontended() {
        LockStats s = new LockStats("uncontended", "spin.ttas");
        s.acquired(0, false, false, false);
        s.released(40_000);
        return s;
    }

    @Test
    void printsKernelLayoutForHandBuiltStats() {
        String a1 = LockStatFormat.address("mtx_lock_sleep+0x1c");
        String a2 = LockStatFormat.address("vfs_busy+0x40");
        String pad1 = " ".repeat(29 - a1.length());
        String pad2 = " ".repeat(29 - a2.length());
        String expected = "lock_stat version 0.4\n"
                + RULE + "\n"
                + "                              class name    con-bounces    contentions   waittime-min   waittime-max waittime-total   waittime-avg    acq-bounces   acquisitions   holdtime-min   holdtime-max holdtime-total   holdtime-avg\n"
                + RULE + "\n"
                + "\n"
                + "                               mount_mtx:             2              2           1.50           2.01           3.51           1.75              3              4           0.10           3.33           4.68           1.17\n"
                + "                               ---------\n"
                + "                               mount_mtx              2 " + pad1 + a1 + " mtx_lock_sleep+0x1c\n"
                + "                               mount_mtx              1 " + pad2 + a2 + " vfs_busy+0x40\n"
                + "                               ---------\n"
                + "                               mount_mtx              2 " + pad2 + a2 + " vfs_busy+0x40\n"
                + "                               mount_mtx              1 " + pad1 + a1 + " mtx_lock_sleep+0x1c\n"
                + "\n"
                + DOTS + "\n"
                + "\n"
                + "                             uncontended:             0              0           0.00           0.00           0.00           0.00              0              1           0.04           0.04           0.04           0.04\n";
        LockStats idle = new LockStats("idle", "spin.tas");
        assertEquals(expected, LockStatFormat.format(List.of(uncontended(), idle, mountMutex())));
    }

    @Test
    void roundsTimesAtFiveNanosecondsLikeSnprintTime() {
        assertEquals("0.00", LockStatFormat.time(0));
        assertEquals("0.00", LockStatFormat.time(4_999));
        assertEquals("0.01", LockStatFormat.time(5_000));
        assertEquals("2.00", LockStatFormat.time(2_004_999));
        assertEquals("2.01", LockStatFormat.time(2_005_000));
        assertEquals("17464026916.32", LockStatFormat.time(17_464_026_916_320_000L));
    }

    @Test
    void synthesisesStableKernelLookingAddresses() {
        String a = LockStatFormat.address("creat+0x40");
        assertTrue(a.matches("\\[<ffffffff8[0-9a-f]{7}>\\]"), a);
        assertEquals(a, LockStatFormat.address("creat+0x40"));
    }

    @Test
    void limitsPointsToTheMostFrequent() {
        LockStats s = new LockStats("l", "spin.tas");
        for (int i = 0; i < 6; i++) {
            int p = s.point("site" + i);
            for (int k = 0; k <= i; k++) {
                s.contended(p, false);
            }
        }
        s.acquired(1_000, false, true, false);
        s.released(1_000);
        String text = LockStatFormat.format(List.of(s));
        assertTrue(text.contains(" site5\n"), text);
        assertTrue(text.contains(" site2\n"), text);
        assertTrue(!text.contains(" site1\n"), text);
        assertTrue(text.indexOf(" site5\n") < text.indexOf(" site4\n"), text);
    }

    @Test
    void ordersLocksByContentionsThenName() {
        LockStats b = uncontended();
        LockStats a = new LockStats("a_lock", "spin.tas");
        a.acquired(0, false, false, false);
        a.released(1);
        String text = LockStatFormat.format(List.of(b, mountMutex(), a));
        int mount = text.indexOf("mount_mtx:");
        int first = text.indexOf("a_lock:");
        int second = text.indexOf("uncontended:");
        assertTrue(mount < first && first < second, text);
    }

    @Test
    void printsExtrasAndJson() {
        String extras = LockStatFormat.extras(List.of(mountMutex()));
        assertTrue(extras.contains("spin-total"), extras);
        // contended 3, spun 1, slept 1, spin 1.50 us, 5 line transfers
        assertTrue(extras.contains("mount_mtx:             3              1              1           1.50              5"),
                extras);
        assertTrue(extras.endsWith(" mutex.adaptive\n"), extras);
        String json = LockStatFormat.json(List.of(mountMutex()));
        assertTrue(json.contains("\"waitTotalPs\" : 3505000"), json);
        assertTrue(json.contains("\"label\" : \"mtx_lock_sleep+0x1c\""), json);
        List<LockStatRecord> records = LockStatFormat.records(List.of(mountMutex(), uncontended()));
        assertEquals(List.of(new LockStatRecord.Point("mtx_lock_sleep+0x1c", 2), new LockStatRecord.Point("vfs_busy+0x40", 1)),
                records.get(0).contentionPoints());
        assertEquals(1, records.get(0).spun());
    }

    @Test
    void cutsLongNamesLikeTheKernel() {
        LockStats s = new LockStats("x".repeat(50), "spin.tas");
        s.acquired(0, false, false, false);
        s.released(1);
        String line = LockStatFormat.format(List.of(s)).lines().skip(5).findFirst().orElseThrow();
        assertTrue(line.startsWith("   " + "x".repeat(37) + ":"), line);
    }
}
