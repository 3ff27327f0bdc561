package org.locksim.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Why: two locks declared side by side in one structure (OpenBSD's {@code uvm.pageqlock} and
 * {@code uvm.fpageqlock}) are one cache line to the machine. A write to either takes the line
 * from every other cache, so a spinner on one is disturbed by traffic on the other (false
 * sharing), and a CPU that owns the line after using one lock uses the other at L1 cost. Each
 * keeps its own words: writing one never changes the other's values.
 */
class SharedLineTest {
  private static final long T = 40_000;
  private static final long INSTR = 1_000;

  private final List<Integer> woken = new ArrayList<>();
  private final Coherence coherence =
      new Coherence(new long[][] {{0, T}, {T, 0}}, (cpu, token, visibleAt) -> woken.add(cpu));

  private final CacheLine home = new CacheLine(0, "uvm", 0, 2);
  private final CacheLine a = new CacheLine(1, "pageqlock", 2, 2, home);
  private final CacheLine b = new CacheLine(2, "fpageqlock", 2, 2, home);

  @Test
  void aWriteToOneLockOnALineTakesTheLineFromTheOthersReaders() {
    assertSame(home, a.home());
    coherence.read(1, b, 0, INSTR);
    assertTrue(b.holds(1));
    coherence.write(0, a, 10 * T, INSTR, false);
    assertEquals(0, b.owner(), "CPU 0 owns the one line, b's words included");
    assertTrue(!b.holds(1), "CPU 1's copy of b is gone with the line");
    long back = coherence.read(1, b, 20 * T, INSTR);
    assertEquals(20 * T + T + INSTR, back, "b's next read is a transfer");
    assertEquals(3, a.transfers(), "one count for the line: two reads and one write moved it");
    assertEquals(a.transfers(), b.transfers());
  }

  @Test
  void theOwnerOfTheLineUsesTheOtherLockAtL1Cost() {
    long done = coherence.write(1, a, 0, INSTR, false);
    assertEquals(T + INSTR, done, "the first access brings the line");
    assertEquals(done + INSTR, coherence.write(1, b, done, INSTR, false));
  }

  @Test
  void aSpinnerWatchingOneLockHearsWritesToTheOther() {
    coherence.read(1, b, 0, INSTR);
    coherence.watch(1, b, 7);
    a.init(0, 42);
    coherence.write(0, a, T, INSTR, false);
    assertEquals(List.of(1), woken, "the watcher of b is told: its copy of the line is gone");
    assertEquals(0, b.peek(0), "b's word is untouched");
  }

  @Test
  void linesOnALineShareTheHomeOfTheirHome() {
    CacheLine c = new CacheLine(3, "c", 1, 2, a);
    assertSame(home, c.home());
  }
}
