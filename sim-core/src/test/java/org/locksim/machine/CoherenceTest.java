package org.locksim.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Why: the coherence model is what makes locks cost what they cost, and its rules are easy to
 * break quietly. A posted store lets its CPU go on at once, but the line is not there yet: an
 * atomic that CPU issues next (a lock's re-acquire right after its release) drains the store
 * buffer and so completes only after the line has arrived.
 */
class CoherenceTest {
  private static final long T = 40_000;
  private static final long INSTR = 1_000;

  private final long[][] transfer = {{0, T}, {T, 0}};
  private final Coherence coherence = new Coherence(transfer, (cpu, token, visibleAt) -> { });

  @Test
  void atomicAfterOwnPostedStoreWaitsForTheLine() {
    CacheLine l = new CacheLine(0, "l", 1, 2);
    coherence.write(0, l, 0, INSTR, false);
    coherence.read(1, l, 100_000, INSTR);
    // CPU 0 shares the line with CPU 1 now; its store needs the line back, exclusively.
    long storeDone = coherence.write(0, l, 200_000, INSTR, true);
    assertEquals(200_000 + INSTR, storeDone, "a posted store goes on at once");
    long casDone = coherence.write(0, l, storeDone, INSTR, false);
    assertEquals(200_000 + T + INSTR, casDone, "the atomic completes after the line arrived");
  }

  @Test
  void writeByTheOwnerOfAnIdleLineIsAHit() {
    CacheLine l = new CacheLine(0, "l", 1, 2);
    coherence.write(0, l, 0, INSTR, false);
    long at = 10 * T;
    assertEquals(at + INSTR, coherence.write(0, l, at, INSTR, false));
    assertEquals(at + INSTR, coherence.write(0, l, at, INSTR, true));
  }
}
