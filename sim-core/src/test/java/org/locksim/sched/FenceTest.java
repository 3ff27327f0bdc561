package org.locksim.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.locksim.cpu.Instr;
import org.locksim.sched.LineRaces.StoreFirst;

/**
 * Why: a full barrier ({@code mfence}) lets its CPU go on only when every store it issued
 * before is visible to the other CPUs. Just after a store into a line a CPU of the other socket
 * owns (the store waits in the buffer for the line), a fence therefore waits for the line to
 * come; after a store into the CPU's own line, or with no store at all, it costs the
 * instruction and nothing more.
 */
class FenceTest {
  private static final long NS = 1_000;

  @Test
  void aFenceAfterAStoreToAFarLineWaitsUntilTheStoreIsVisible() {
    long far = fenceTook(StoreFirst.FAR_STORE);
    long own = fenceTook(StoreFirst.OWN_STORE);
    assertTrue(far > own + 10 * NS, "far " + far + " ps, own " + own + " ps");
  }

  @Test
  void withNothingToWaitForAFenceCostsItsInstruction() {
    LineRaces r = new LineRaces();
    long mfence = r.m.cpu(r.cpu(0, 0)).ps(Instr.MFENCE);
    assertTrue(mfence > 0);
    assertEquals(mfence, fenceTook(StoreFirst.NO_STORE));
    assertEquals(mfence, fenceTook(StoreFirst.OWN_STORE));
  }

  /** A task on socket 0 that at 10 us stores into the line (or not), then fences: how long the fence took. */
  private static long fenceTook(StoreFirst before) {
    LineRaces r = new LineRaces();
    long[] t = new long[2];
    r.farOwner(before);
    r.start("fencer", LineRaces.storeThen(r.line, before, t, Kernel::fence, true), 0, 0);
    r.run();
    assertTrue(t[0] > 0 && t[1] >= t[0], "the fence ran: " + t[0] + ", " + t[1]);
    return t[1] - t[0];
  }
}
