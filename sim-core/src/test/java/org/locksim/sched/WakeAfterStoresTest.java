package org.locksim.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.locksim.sched.LineRaces.StoreFirst;

/**
 * Why: a wakeup takes the target run queue's lock with a locked instruction, and a locked
 * instruction waits for the CPU's posted stores still on their way. A waker that has just
 * released a lock whose line a CPU of the other socket owns (the store waits in its buffer for
 * the line) takes longer to wake than one whose store went to a line it owns, by the rest of
 * the store's way to the line; a store to its own line leaves nothing to wait for. (Before,
 * the run-queue lock's atomic was priced as if the buffer were empty, and the far store's wake
 * took as long as the others.)
 */
class WakeAfterStoresTest {
  private static final long NS = 1_000;

  @Test
  void aWakeJustAfterAStoreToAFarLineWaitsForIt() {
    long far = wakeTook(StoreFirst.FAR_STORE);
    long own = wakeTook(StoreFirst.OWN_STORE);
    assertTrue(far > own + 10 * NS, "far " + far + " ps, own " + own + " ps");
  }

  @Test
  void aWakeAfterAStoreToItsOwnLineDoesNotWait() {
    assertEquals(wakeTook(StoreFirst.NO_STORE), wakeTook(StoreFirst.OWN_STORE));
  }

  /**
   * A sleeper on socket 0, and a waker beside it that at 10 us stores into the line (or not)
   * and then wakes the sleeper ({@link LineRaces#storeThen}): how long the wake step took.
   */
  private static long wakeTook(StoreFirst before) {
    LineRaces r = new LineRaces();
    WaitQueue q = new WaitQueue("q");
    long[] t = new long[2];
    r.start("sleeper", Sleepers.once(q, k -> { }), 0, 0);
    r.farOwner(before);
    r.start("waker", LineRaces.storeThen(r.line, before, t, k -> k.wakeFirstInPlace(q), true), 0, 1);
    r.run();
    return t[1] - t[0];
  }
}
