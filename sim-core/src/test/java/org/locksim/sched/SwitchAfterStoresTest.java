package org.locksim.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.locksim.sched.LineRaces.StoreFirst;

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

  @Test
  void aSwitchJustAfterAStoreToAFarLineWaitsForIt() {
    long far = switchTook(StoreFirst.FAR_STORE);
    long own = switchTook(StoreFirst.OWN_STORE);
    assertTrue(far > own + 10 * NS, "far " + far + " ps, own " + own + " ps");
  }

  @Test
  void aSwitchAfterAStoreToItsOwnLineDoesNotWait() {
    assertEquals(switchTook(StoreFirst.NO_STORE), switchTook(StoreFirst.OWN_STORE));
  }

  /**
   * A task on socket 0 that at 10 us stores into the line (or not) and then sleeps
   * ({@link LineRaces#storeThen}), and a second task queued on its CPU, both pinned there: the
   * time from the sleep to the second task's first step.
   */
  private static long switchTook(StoreFirst before) {
    LineRaces r = new LineRaces();
    long[] t = new long[2];
    r.farOwner(before);
    int cpu = r.cpu(0, 0);
    Task sleeper = r.k.newTask("sleeper",
        LineRaces.storeThen(r.line, before, t, k -> k.sleep(SchedConfig.MS), false));
    Task next = r.k.newTask("next", new Routine("next") {
      @Override
      public void step(Kernel k) {
        t[1] = k.now();
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
