package org.locksim.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Why: the hardware threads of a core share its caches, so coherence state is the core's. A
 * thread whose sibling has a line gets it from their own cache, not with a request queued at
 * the line's home: when two threads of a core spin on a ticket lock's line, one request per
 * core reaches the home after each release, not one per thread, and a ticket lock's hand-off
 * grows with the cores waiting, not with the threads. A copy another core also holds must
 * still be invalidated through the home before a thread writes it.
 */
class CoreCachesTest {
  private static final long T = 40_000;
  private static final long HOP = 1_000;
  private static final long INSTR = 1_000;
  private static final long OCCUPANCY = 5_000;
  /** Three cores of two threads: CPUs 0 and 1, 2 and 3, 4 and 5. */
  private static final int[] CORE = {0, 0, 1, 1, 2, 2};

  private static Coherence machine() {
    long[][] t = new long[6][6];
    for (int i = 0; i < 6; i++) {
      for (int j = 0; j < 6; j++) {
        t[i][j] = i == j ? 0 : CORE[i] == CORE[j] ? HOP : T;
      }
    }
    Coherence c = new Coherence(t, HomeRules.pipelined(OCCUPANCY, false), new int[6], (cpu, tok, at) -> { });
    c.cores(CORE);
    return c;
  }

  @Test
  void aThreadReadsWhatItsSiblingIsFetchingWithoutAskingTheHome() {
    Coherence c = machine();
    CacheLine l = new CacheLine(0, "l", 1, 6);
    long at = c.write(4, l, 0, INSTR, false);
    long first = c.read(0, l, at, INSTR);
    long sibling = c.read(1, l, at, INSTR);
    long otherCore = c.read(2, l, at, INSTR);
    assertEquals(at + T + INSTR, first, "forwarded by the writer");
    assertEquals(at + T + HOP + INSTR, sibling, "the sibling's fill, one hop on");
    // Without the core's cache, CPU 1's read would have been the home's second, and CPU 2's
    // the third, one occupancy later.
    assertEquals(at + T + T + INSTR, otherCore, "the home's second request");
  }

  @Test
  void aThreadWritesALineOnlyItsCoreHoldsInTheCore() {
    Coherence c = machine();
    CacheLine l = new CacheLine(0, "l", 1, 6);
    c.write(0, l, 0, INSTR, false);
    long t = 10 * T;
    long taken = c.write(1, l, t, INSTR, false);
    assertEquals(t + HOP + INSTR, taken, "the sibling's atomic");
    assertEquals(taken + T + INSTR, c.write(4, l, t, INSTR, false),
        "another core's atomic waits for it, but not for a request of it at the home");
    c.write(1, l, 2 * t, INSTR, false);
    assertEquals(3 * t + HOP + INSTR, c.read(0, l, 3 * t, INSTR), "the first thread's read");
    assertEquals(4 * t + HOP + INSTR, c.write(0, l, 4 * t, INSTR, false),
        "a line both threads share and no other core has is still the core's alone");
  }

  @Test
  void aCopyAnotherCoreHoldsIsInvalidatedThroughTheHome() {
    Coherence c = machine();
    CacheLine l = new CacheLine(0, "l", 1, 6);
    c.write(4, l, 0, INSTR, false);
    c.read(0, l, 2 * T, INSTR);
    long t = 10 * T;
    assertEquals(t + T + INSTR, c.write(1, l, t, INSTR, false), "CPU 4's copy answers last");
  }

  @Test
  void withoutSiblingsEveryCpuIsACoreOfItsOwn() {
    Coherence c = machine();
    c.cores(new int[] {0, 1, 2, 3, 4, 5});
    CacheLine l = new CacheLine(0, "l", 1, 6);
    long at = c.write(4, l, 0, INSTR, false);
    c.read(0, l, at, INSTR);
    c.read(1, l, at, INSTR);
    assertEquals(at + T + T + OCCUPANCY + INSTR, c.read(2, l, at, INSTR),
        "CPU 1's read was a request of its own at the home, so CPU 2's is the third");
  }

  @Test
  void aWritePrefetchOfALineTheCoreHasStaysInTheCore() {
    Coherence c = machine();
    CacheLine l = new CacheLine(0, "l", 1, 6);
    c.write(0, l, 0, INSTR, false);
    long t = 10 * T;
    c.prefetchForWrite(1, l, t);
    assertEquals(t + HOP + INSTR, c.write(1, l, t + HOP, INSTR, false), "CPU 1's store finds the line");
    assertEquals(t + HOP + INSTR + T + INSTR, c.write(4, l, t, INSTR, false),
        "another core's atomic waits for CPU 1's, not for a request of the prefetch at the home");
  }
}
