package org.locksim.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import org.locksim.report.folded.FoldedDiff;

/**
 * Why: flamegraph.pl and difffolded.pl parse these lines; counts must be integers, one line per
 * stack, and the order fixed so that identical runs give identical files.
 */
class FoldedStacksTest {

    @Test
    void sumsPerStackAndSortsLines() throws IOException {
        FoldedStacks s = new FoldedStacks();
        int spin = s.intern("kernel;sys_open;namei;mtx_enter;spin");
        int compile = s.intern("user;compile");
        s.add(compile, 2_000_000);
        s.add(spin, 1_500_000);
        s.add(compile, 3_000_000);
        s.add("kernel;sys_close", 700_000);
        s.add(spin, 1_000_000);
        StringWriter w = new StringWriter();
        s.write(w);
        // compile 5 us; spin 2.5 us rounds half up to 3; close 0.7 us rounds to 1
        assertEquals("kernel;sys_close 1\n"
                + "kernel;sys_open;namei;mtx_enter;spin 3\n"
                + "user;compile 5\n", w.toString());
        assertEquals(s.format(), w.toString());
        assertEquals(compile, s.intern("user;compile"));
        assertEquals(8_200_000, s.totalPs());
    }

    @Test
    void omitsStacksThatRoundToZeroAndHonoursUnit() {
        FoldedStacks us = new FoldedStacks();
        us.add("a", 499_999);
        us.add("b", 500_000);
        assertEquals("b 1\n", us.format());
        FoldedStacks ns = new FoldedStacks(FoldedStacks.NANOSECONDS);
        ns.add("a", 499_999);
        assertEquals("a 500\n", ns.format());
    }

    @Test
    void mergesAndResets() {
        FoldedStacks a = new FoldedStacks();
        a.add("x;y", 1_000_000);
        FoldedStacks b = new FoldedStacks();
        b.add("x;y", 2_000_000);
        b.add("x;z", 1_000_000);
        a.addAll(b);
        assertEquals("x;y 3\nx;z 1\n", a.format());
        a.reset();
        assertEquals("", a.format());
        assertEquals(2, a.size());
    }

    @Test
    void writesDifferentialTwoCountForm() {
        FoldedStacks before = new FoldedStacks();
        before.add("kernel;mtx_enter;spin", 40_000_000);
        before.add("user;compile", 10_000_000);
        before.add("kernel;old_path", 5_000_000);
        FoldedStacks after = new FoldedStacks();
        after.add("user;compile", 10_000_000);
        after.add("kernel;mtx_enter;spin", 4_000_000);
        after.add("kernel;new_path", 1_000_000);
        assertEquals("kernel;mtx_enter;spin 40 4\n"
                + "kernel;new_path 0 1\n"
                + "kernel;old_path 5 0\n"
                + "user;compile 10 10\n", FoldedDiff.of(before, after, false).format());
    }

    @Test
    void normalisesFirstProfileToSecondsTotal() {
        // totals 40 and 20: the first profile's counts are halved (and truncated, as int() does)
        FoldedStacks a = new FoldedStacks();
        a.add("p", 30_000_000);
        a.add("q", 9_000_000);
        a.add("r", 1_000_000);
        FoldedStacks b = new FoldedStacks();
        b.add("p", 10_000_000);
        b.add("q", 10_000_000);
        assertEquals("p 15 10\nq 4 10\n", FoldedDiff.of(a, b, true).format());
    }

    @Test
    void rejectsMalformedStacksAndMixedUnits() {
        FoldedStacks s = new FoldedStacks();
        assertThrows(IllegalArgumentException.class, () -> s.intern(""));
        assertThrows(IllegalArgumentException.class, () -> s.intern("a;;b"));
        assertThrows(IllegalArgumentException.class, () -> s.intern("a;b\n"));
        assertThrows(IllegalArgumentException.class, () -> s.intern("a;"));
        assertThrows(IllegalArgumentException.class, () -> s.add(5, 1));
        assertThrows(IllegalArgumentException.class, () -> s.add("a", -1));
        assertThrows(IllegalArgumentException.class,
                () -> FoldedDiff.of(s, new FoldedStacks(FoldedStacks.NANOSECONDS), false));
    }

    @Test
    void readsWhatItWritesAndSumsRepeatedStacks() throws IOException {
        FoldedStacks a = new FoldedStacks(FoldedStacks.NANOSECONDS);
        a.add("kernel;mtx_enter;spin", 12_345);
        a.add("user;worker", 7_000);
        FoldedStacks back = FoldedStacks.read(new java.io.StringReader(a.format() + "\nuser;worker 3\n"), "a.folded");
        assertEquals(12, back.count("kernel;mtx_enter;spin"));
        assertEquals(10, back.count("user;worker"));
        FoldedStacks other = FoldedStacks.read(new java.io.StringReader("user;worker 4\nidle 5\n"), "b.folded");
        assertEquals("idle 0 5\nkernel;mtx_enter;spin 12 0\nuser;worker 10 4\n", FoldedDiff.of(back, other, false).format());
    }

    @Test
    void malformedLinesAreReportedWithTheirNumber() {
        FoldedStacks.Malformed e = assertThrows(FoldedStacks.Malformed.class,
                () -> FoldedStacks.read(new java.io.StringReader("a;b 1\n\nno-count\n"), "x.folded"));
        assertEquals(3, e.line());
        assertEquals("x.folded:3: expected a folded stack line 'frame;frame count', got 'no-count'", e.getMessage());
        assertThrows(FoldedStacks.Malformed.class,
                () -> FoldedStacks.read(new java.io.StringReader(";a 1\n"), "x.folded"));
    }
}
