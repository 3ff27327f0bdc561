package org.locksim.lock;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.locksim.run.Fairness;
import org.locksim.run.RunResult;

/**
 * Why: the partitioned ticket lock spreads a ticket lock's grant over slots on lines of their
 * own, so a release invalidates only the waiters of one slot. With 32 threads spread over the
 * two-socket Broadwell-EP ({@code scenarios/spinlocks-2s72t.json}) it must move fewer lines per
 * acquisition than the ticket lock, the fewer the more slots there are (a slot per thread moves
 * about as few as Anderson's array lock), do more acquisitions for it, and stay first come,
 * first served whatever the slots.
 */
class PTicketLockTest {
  private static RunResult run(String lock) {
    return SpinLockRuns.run("ticket", "workload.tasks=32", "locks[0]=" + lock);
  }

  /** The ticket lock, run once for the class's tests. */
  private static RunResult ticketRun;

  private static synchronized RunResult ticket() {
    if (ticketRun == null) {
      ticketRun = run("{\"name\":\"l\",\"algorithm\":\"spin.ticket\"}");
    }
    return ticketRun;
  }

  private static RunResult withSlots(int slots) {
    return run("{\"name\":\"l\",\"algorithm\":\"spin.pticket\",\"params\":{\"slots\":" + slots + "}}");
  }

  @Test
  void moreSlotsMoveFewerLinesAndTheLockStaysFifo() {
    RunResult ticket = ticket();
    RunResult perSocket = run("{\"name\":\"l\",\"algorithm\":\"spin.pticket\"}");
    RunResult perThread = withSlots(32);
    String lines = "line transfers per acquisition: ticket " + ticket.transfersPerOp() + ", a slot per socket "
        + perSocket.transfersPerOp() + ", a slot per thread " + perThread.transfersPerOp();
    assertTrue(perSocket.transfersPerOp() < 0.75 * ticket.transfersPerOp(), lines);
    assertTrue(perThread.transfersPerOp() < 0.5 * perSocket.transfersPerOp(), lines);
    assertTrue(perThread.opsPerSecond() > 1.3 * ticket.opsPerSecond(),
        "acquisitions per second: ticket " + ticket.opsPerSecond() + ", a slot per thread " + perThread.opsPerSecond());
    for (RunResult r : new RunResult[] {perSocket, perThread}) {
      assertTrue(Fairness.topHalfShare(r.taskCounts()) < 0.55, "top-half share " + Fairness.topHalfShare(r.taskCounts()));
    }
  }

  /**
   * One slot is a ticket lock whose grant has a line of its own: the arrivals' {@code xadd}s no
   * longer invalidate the waiters' copies, as they do where {@code next} and {@code head} share
   * a line, so it moves fewer lines than the ticket lock; but every waiter still re-reads the
   * grant at each release, so more than with a slot per socket.
   */
  @Test
  void oneSlotMovesFewerLinesThanTheTicketLockAndMoreThanASlotPerSocket() {
    RunResult ticket = ticket();
    RunResult one = withSlots(1);
    RunResult two = withSlots(2);
    String lines = "line transfers per acquisition: ticket " + ticket.transfersPerOp() + ", one slot "
        + one.transfersPerOp() + ", two slots " + two.transfersPerOp();
    assertTrue(one.transfersPerOp() < 0.8 * ticket.transfersPerOp(), lines);
    assertTrue(one.transfersPerOp() > 1.2 * two.transfersPerOp(), lines);
  }
}
