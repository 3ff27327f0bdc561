package org.locksim.report.lockstat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.locksim.metrics.LockStats;

/**
 * Why: a reader-writer lock in {@code /proc/lock_stat} is two rows, {@code name-W} and
 * {@code name-R} ({@code seq_stats()} in kernel/locking/lockdep_proc.c prints
 * {@code "%38s-W:"} and {@code "%38s-R:"} when the class has read hold times), each with its
 * own side's bounces, wait times and hold times; the rule under the name grows by the two
 * characters of the suffix. The golden lines were worked out by hand from the figures below,
 * with the widths of the kernel's format strings.
 */
class LockStatReadWriteTest {

    private static final String RULE = "-".repeat(221);

    /**
     * Writes: one contended (wait 3 us, bounce), holds 2 and 4 us. Reads: two contended (waits
     * 1 and 2 us, one bounce), three holds of 1 us; the reader's contention point is shared.
     */
    static LockStats rwsem() {
        LockStats s = new LockStats("&mm->mmap_lock", "rw.rwsem");
        int p = s.point("down_read+0x10");
        s.contended(p, LockStats.NO_POINT, true, false);
        s.acquired(3_000_000, true, true, false, false);
        s.acquired(0, false, false, false, false);
        s.released(2_000_000, false);
        s.released(4_000_000, false);
        s.contended(p, LockStats.NO_POINT, true, true);
        s.contended(p, LockStats.NO_POINT, false, true);
        s.acquired(1_000_000, true, false, true, true);
        s.acquired(2_000_000, false, false, true, true);
        s.acquired(0, false, false, false, true);
        for (int i = 0; i < 3; i++) {
            s.released(1_000_000, true);
        }
        return s;
    }

    @Test
    void printsReadAndWriteRowsForALockTakenForReading() {
        String a = LockStatFormat.address("down_read+0x10");
        String pad = " ".repeat(29 - a.length());
        String expected = "                        &mm->mmap_lock-W:             1              1           3.00           3.00           3.00           3.00              1              2           2.00           4.00           6.00           3.00\n"
                + "                        &mm->mmap_lock-R:             1              2           1.00           2.00           3.00           1.50              1              3           1.00           1.00           3.00           1.00\n"
                + "                        ----------------\n"
                + "                          &mm->mmap_lock              3 " + pad + a + " down_read+0x10\n";
        String text = LockStatFormat.format(List.of(rwsem()));
        String body = text.substring(text.indexOf(RULE + "\n\n") + RULE.length() + 2);
        assertEquals(expected, body.substring(0, expected.length()));
    }

    @Test
    void printsOnlyAReadRowWhenNoWriterTookIt() {
        LockStats s = new LockStats("r", "rw.qrwlock");
        s.acquired(0, false, false, false, true);
        s.released(500_000, true);
        String text = LockStatFormat.format(List.of(s));
        assertEquals("                                     r-R:             0              0           0.00           0.00           0.00           0.00              0              1           0.50           0.50           0.50           0.50\n",
                text.substring(text.indexOf(RULE + "\n\n") + RULE.length() + 2));
    }

    @Test
    void keepsOneRowForALockNeverTakenForReading() {
        LockStats s = LockStatFormatTest.mountMutex();
        String text = LockStatFormat.format(List.of(s));
        assertEquals(-1, text.indexOf("-W:"));
        assertEquals(-1, text.indexOf("-R:"));
        assertNull(LockStatRecord.of(s).reads());
    }

    @Test
    void jsonHasSidesOnlyForALockTakenForReading() {
        String plain = LockStatFormat.json(List.of(LockStatFormatTest.mountMutex()));
        assertEquals(-1, plain.indexOf("\"reads\""), plain);
        assertEquals(-1, plain.indexOf("\"writes\""), plain);
        String rw = LockStatFormat.json(List.of(rwsem()));
        assertTrue(rw.contains("\"reads\" : {"), rw);
        assertTrue(rw.contains("\"writes\" : {"), rw);
    }

    @Test
    void recordsGiveEachSideAndTheTotals() {
        LockStatRecord r = LockStatRecord.of(rwsem());
        assertEquals(3, r.contentions());
        assertEquals(5, r.acquisitions());
        assertEquals(2, r.reads().contentions());
        assertEquals(3, r.reads().acquisitions());
        assertEquals(1, r.writes().contentions());
        assertEquals(6_000_000, r.writes().holdTotalPs());
    }
}
