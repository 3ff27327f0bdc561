package org.locksim.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

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

  private enum Before { FAR_STORE, OWN_STORE, NO_STORE }

  @Test
  void aWakeJustAfterAStoreToAFarLineWaitsForIt() {
    long far = wakeTook(Before.FAR_STORE);
    long own = wakeTook(Before.OWN_STORE);
    assertTrue(far > own + 10 * NS, "far " + far + " ps, own " + own + " ps");
  }

  @Test
  void aWakeAfterAStoreToItsOwnLineDoesNotWait() {
    assertEquals(wakeTook(Before.NO_STORE), wakeTook(Before.OWN_STORE));
  }

  /**
   * A sleeper on socket 0, and a waker beside it that at 10 us stores into the line (or not)
   * and then wakes the sleeper: how long the wake step took. The line is the waker's own (it
   * exchanged into it first) or, for {@link Before#FAR_STORE}, a task's of the other socket.
   */
  private static long wakeTook(Before before) {
    LineRaces r = new LineRaces();
    WaitQueue q = new WaitQueue("q");
    long[] t = new long[2];
    r.start("sleeper", Sleepers.once(q, k -> { }), 0, 0);
    if (before == Before.FAR_STORE) {
      r.start("owner", LineRaces.exchange(r.line, 1, 0, null, 0), 1, 0);
    }
    r.start("waker", new Routine("waker") {
      @Override
      public void step(Kernel k) {
        switch (k.pc()) {
          case 0 -> {
            if (before == Before.FAR_STORE) {
              k.compute(1, 0, false);
            } else {
              k.xchg(r.line, 0, 2);
            }
            k.next(1);
          }
          case 1 -> {
            k.compute(10_000 * NS - k.now(), 1, true);
            k.next(2);
          }
          case 2 -> {
            if (before == Before.NO_STORE) {
              k.compute(1, 0, false);
            } else {
              k.store(r.line, 0, 0);
            }
            k.next(3);
          }
          case 3 -> {
            t[0] = k.now();
            k.wakeFirstInPlace(q);
            k.next(4);
          }
          case 4 -> {
            t[1] = k.now();
            k.exit();
          }
          default -> throw new IllegalStateException("pc " + k.pc());
        }
      }
    }, 0, 1);
    r.run();
    return t[1] - t[0];
  }
}
