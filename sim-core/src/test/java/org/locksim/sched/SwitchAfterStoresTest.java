package org.locksim.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Why: a context switch takes its CPU's run-queue lock with a locked instruction, and a locked
 * instruction waits for the CPU's posted stores still on their way, as a wakeup's does
 * ({@link WakeAfterStoresTest}). A task that stores into a line a CPU of the other socket owns
 * (the store waits in its buffer for the line) and then sleeps hands its CPU to the next task
 * later than one whose store went to a line it owns, by the rest of the store's way; a store
 * to its own line leaves nothing to wait for. (Before, the switch's lock was priced as if the
 * buffer were empty, and both switches took as long.)
 */
class SwitchAfterStoresTest {
  private static final long NS = 1_000;

  private enum Before { FAR_STORE, OWN_STORE, NO_STORE }

  @Test
  void aSwitchJustAfterAStoreToAFarLineWaitsForIt() {
    long far = switchTook(Before.FAR_STORE);
    long own = switchTook(Before.OWN_STORE);
    assertTrue(far > own + 10 * NS, "far " + far + " ps, own " + own + " ps");
  }

  @Test
  void aSwitchAfterAStoreToItsOwnLineDoesNotWait() {
    assertEquals(switchTook(Before.NO_STORE), switchTook(Before.OWN_STORE));
  }

  /**
   * A task on socket 0 that at 10 us stores into the line (or not) and then sleeps, and a
   * second task queued on its CPU, both pinned there: the time from the sleep to the second task's first step.
   * The line is the sleeper's own (it exchanged into it first) or, for
   * {@link Before#FAR_STORE}, a task's of the other socket.
   */
  private static long switchTook(Before before) {
    LineRaces r = new LineRaces();
    long[] t = new long[2];
    if (before == Before.FAR_STORE) {
      r.start("owner", LineRaces.exchange(r.line, 1, 0, null, 0), 1, 0);
    }
    int cpu = r.cpu(0, 0);
    Task sleeper = r.k.newTask("sleeper", new Routine("sleeper") {
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
            k.sleep(SchedConfig.MS);
            k.next(4);
          }
          case 4 -> k.exit();
          default -> throw new IllegalStateException("pc " + k.pc());
        }
      }
    });
    Task next = r.k.newTask("next", new Routine("next") {
      @Override
      public void step(Kernel k) {
        if (t[1] == 0) {
          t[1] = k.now();
        }
        k.exit();
      }
    });
    // Both pinned to one CPU, so that no idle CPU pulls the second task while the first runs.
    for (Task task : new Task[] {sleeper, next}) {
      r.k.setAffinity(task, CpuMask.of(cpu));
      r.k.start(task, cpu);
    }
    r.run();
    assertTrue(t[0] > 0 && t[1] > t[0], "the second task ran after the sleep: " + t[0] + ", " + t[1]);
    return t[1] - t[0];
  }
}
