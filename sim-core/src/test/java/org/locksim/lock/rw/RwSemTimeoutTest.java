package org.locksim.lock.rw;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.locksim.machine.Machine;
import org.locksim.machine.TestMachines;

/**
 * Why: v5.12's rwsem sets a waiter's timeout to {@code jiffies + RWSEM_WAIT_TIMEOUT} when it
 * queues and tests {@code time_after(jiffies, timeout)}, so HANDOFF becomes possible from the
 * start of the fifth jiffy after the one it queued in (HZ=1000): 4 to 5 ms after queueing, not
 * exactly 4 ms.
 */
class RwSemTimeoutTest {
  private static final long MS = 1_000_000_000L;

  @Test
  void aWaiterTimesOutFromTheJiffyAfterItsTimeout() {
    Machine m = TestMachines.machine(2);
    RwSemWaitList early = new RwSemWaitList("l", m.newLine("l", 4), 4, MS, new RwSemEvents());
    early.add(0, true, MS / 10);
    assertFalse(early.timedOut(0, 4 * MS + MS / 10), "4 ms after queueing at 0.1 ms");
    assertFalse(early.timedOut(0, 5 * MS - 1), "jiffies is still 4 = timeout");
    assertTrue(early.timedOut(0, 5 * MS), "jiffies 5 is after timeout 4");

    RwSemWaitList late = new RwSemWaitList("l", m.newLine("m", 4), 4, MS, new RwSemEvents());
    late.add(0, true, MS - 1);
    assertFalse(late.timedOut(0, 5 * MS - 1));
    assertTrue(late.timedOut(0, 5 * MS), "4 ms and 1 ps after queueing, a jiffy boundary later");
  }
}
