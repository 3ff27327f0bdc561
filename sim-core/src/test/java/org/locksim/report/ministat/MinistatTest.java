package org.locksim.report.ministat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Why: the t test is the number a patch is judged by. It is checked against real ministat
 * output (seed 002, Mateusz Guzik's mtx_lock test-before-CAS patch, freebsd-current 2015) and
 * against examples worked by hand, so both the formulas and the t table are pinned.
 */
class MinistatTest {

    /** Seed 002, first table: 9 vanilla runs against 9 patched runs. */
    private static final Summary VANILLA = new Summary(9, 13.845, 16.148, 15.271, 15.133889, 0.75997096);
    private static final Summary PATCHED = new Summary(9, 8.363, 9.56, 9.126, 9.0643333, 0.34198501);
    /** Seed 002, second table: patched against patched2. */
    private static final Summary PATCHED2 = new Summary(9, 7.563, 9.038, 8.611, 8.5256667, 0.43365885);

    @Test
    void reproducesSeed002VanillaAgainstPatched() {
        Difference d = Ministat.difference(VANILLA, PATCHED, 95.0, TQuantile.MINISTAT_TABLE);
        assertTrue(d.significant());
        assertEquals(16, d.degreesOfFreedom());
        assertEquals(2.120, d.t(), 0.0);
        assertEquals("\t-6.06956 +/- 0.588917\n\t-40.1057% +/- 3.89138%\n\t(Student's t, pooled s = 0.589283)\n",
                MinistatFormat.difference(d).substring("Difference at 95.0% confidence\n".length()));
    }

    @Test
    void reproducesSeed002PatchedAgainstPatched2() {
        Difference d = Ministat.difference(PATCHED, PATCHED2, 95.0, TQuantile.MINISTAT_TABLE);
        assertEquals("Difference at 95.0% confidence\n"
                        + "\t-0.538667 +/- 0.390278\n"
                        + "\t-5.94271% +/- 4.30565%\n"
                        + "\t(Student's t, pooled s = 0.390521)\n",
                MinistatFormat.difference(d));
    }

    @Test
    void exactQuantileDiffersFromTableInTheSixthDigit() {
        // t(0.975, 16) = 2.1199053; ministat's table says 2.120, hence 0.588917 not 0.588891.
        Difference d = Ministat.difference(VANILLA, PATCHED, 95.0, TQuantile.EXACT);
        assertEquals(2.1199053, d.t(), 1e-6);
        assertEquals(0.588891, d.halfWidth(), 1e-6);
    }

    @Test
    void matchesHandComputedDifference() {
        // a = 1..5:  mean 3, sum of squared deviations 4+1+0+1+4 = 10, variance 10/4 = 2.5
        // b = 4..8:  mean 6, variance 2.5
        // pooled variance (4*2.5 + 4*2.5) / 8 = 2.5, pooled s = sqrt(2.5) = 1.58113883
        // s = sqrt(2.5) * sqrt(1/5 + 1/5) = sqrt(1) = 1;  df = 8, t(95%, 8) = 2.306
        // difference 6 - 3 = 3 > 2.306: proven; percent 3/3 = 100%, 2.306/3 = 76.8667%
        MinistatResult r = Ministat.compare("a", new double[] {1, 2, 3, 4, 5}, "b", new double[] {8, 6, 4, 7, 5}, 95.0);
        Difference d = r.difference();
        assertEquals(3.0, d.difference(), 1e-12);
        assertEquals(2.306, d.halfWidth(), 1e-12);
        assertEquals(100.0, d.percent(), 1e-12);
        assertEquals(76.866666667, d.percentHalfWidth(), 1e-8);
        assertEquals(Math.sqrt(2.5), d.pooledStddev(), 1e-12);
        assertEquals("Difference at 95.0% confidence\n\t3 +/- 2.306\n\t100% +/- 76.8667%\n"
                + "\t(Student's t, pooled s = 1.58114)\n", MinistatFormat.difference(d));
    }

    @Test
    void reportsNoDifferenceWhenIntervalCoversZero() {
        // a = 1..5 and b = 3..7: same variances as above, so s = 1 and e = 2.306, but the
        // difference is only 5 - 3 = 2 < 2.306.
        MinistatResult r = Ministat.compare("a", new double[] {1, 2, 3, 4, 5}, "b", new double[] {3, 4, 5, 6, 7}, 95.0);
        assertFalse(r.difference().significant());
        assertEquals(2.0, r.difference().difference(), 1e-12);
        assertEquals("No difference proven at 95.0% confidence\n", MinistatFormat.difference(r.difference()));
    }

    @Test
    void lowerConfidenceProvesWhatNinetyFiveDoesNot() {
        // Same data at 90%: t(90%, 8) = 1.860 < 2, so the difference of 2 is proven.
        MinistatResult r = Ministat.compare("a", new double[] {1, 2, 3, 4, 5}, "b", new double[] {3, 4, 5, 6, 7}, 90.0);
        assertTrue(r.difference().significant());
        assertEquals(1.860, r.difference().halfWidth(), 1e-12);
    }

    @Test
    void tableMatchesMinistatAtItsCorners() {
        assertEquals(12.706, TQuantile.MINISTAT_TABLE.critical(95, 1), 0.0);
        assertEquals(3.078, TQuantile.MINISTAT_TABLE.critical(80, 1), 0.0);
        assertEquals(2.626, TQuantile.MINISTAT_TABLE.critical(99, 100), 0.0);
        assertEquals(1.960, TQuantile.MINISTAT_TABLE.critical(95, 101), 0.0);
        assertEquals(2.576, TQuantile.MINISTAT_TABLE.critical(99, 5000), 0.0);
    }

    @Test
    void exactQuantileIsStudentsForSmallSamples() {
        // Published two-sided 95% values (e.g. NIST/SEMATECH e-Handbook, table 1.3.6.7.2):
        // three runs (2 degrees of freedom) 4.303, five runs 2.776, thirty runs 2.045
        assertEquals(4.303, TQuantile.EXACT.critical(95, 2), 5e-4);
        assertEquals(2.776, TQuantile.EXACT.critical(95, 4), 5e-4);
        assertEquals(2.045, TQuantile.EXACT.critical(95, 29), 5e-4);
        assertEquals(9.925, TQuantile.EXACT.critical(99, 2), 5e-4);
    }

    @Test
    void summarisesLikeMinistat() {
        // 1, 1, 1, 5: mean 2, deviations -1 -1 -1 3, variance 12/3 = 4; even n, median (1+1)/2
        Summary s = Summary.of(new double[] {5, 1, 1, 1});
        assertEquals(new Summary(4, 1, 5, 1, 2, 2), s);
        assertEquals(2.5, Summary.of(new double[] {4, 1, 3, 2}).median(), 0.0);
    }

    @Test
    void keepsVarianceOfNearlyEqualLargeValues() {
        // ministat's sum-of-squares formula returns 0 here; two passes keep the spread of 1.
        double base = 1e12;
        Summary s = Summary.of(new double[] {base - 1, base, base + 1});
        assertEquals(1.0, s.stddev(), 1e-6);
    }

    @Test
    void comparesEveryLaterSampleWithTheFirst() {
        List<Sample> samples = List.of(Sample.of("a", new double[] {1, 2, 3, 4, 5}),
                Sample.of("b", new double[] {4, 5, 6, 7, 8}), Sample.of("c", new double[] {3, 4, 5, 6, 7}));
        MinistatResult r = Ministat.compare(samples, 95.0);
        assertEquals(2, r.differences().size());
        assertTrue(r.differences().get(0).significant());
        assertFalse(r.differences().get(1).significant());
        assertThrows(IllegalStateException.class, r::difference);
    }

    @Test
    void rejectsUnusableInput() {
        assertThrows(IllegalArgumentException.class, () -> Summary.of(new double[] {1}));
        assertThrows(IllegalArgumentException.class, () -> Summary.of(new double[] {1, Double.NaN}));
        assertThrows(IllegalArgumentException.class,
                () -> Ministat.compare("a", new double[] {1, 2}, "b", new double[] {1, 2}, 100.0));
    }
}
