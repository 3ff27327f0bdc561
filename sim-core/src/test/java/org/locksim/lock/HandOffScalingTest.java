package org.locksim.lock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.locksim.cpu.CpuModel;
import org.locksim.engine.Simulation;
import org.locksim.machine.HomeRules;
import org.locksim.machine.Machine;
import org.locksim.machine.TestMachines;
import org.locksim.sched.Kernel;
import org.locksim.sched.Routine;
import org.locksim.sched.SchedConfig;

/**
 * Why: the textbook result the coherence model must give without being told. A ticket lock's
 * hand-off (release to the next holder's acquire) grows with every waiter, because every
 * waiter's re-read of the released line queues at the line's home and the next holder's read
 * is, on average, half-way down that queue; an MCS lock's hand-off writes one waiter's node and
 * stays flat, and so does qspinlock's, whose queue head alone reads the lock word; a
 * test-and-test-and-set lock's grows too, since every waiter re-reads and then
 * tries its atomic (Anderson 1990; Mellor-Crummey and Scott 1991).
 */
class HandOffScalingTest {
  private static final long NS = 1_000;
  private static final long US = 1_000 * NS;
  /** Every waiter holds the lock this long; short, so that the hand-off dominates. */
  private static final long HOLD_PS = 100 * NS;

  /**
   * The mean hand-off of {@code algorithm} with {@code waiters} tasks, one per CPU, all waiting
   * before the first release; taken over the first quarter of the hand-offs, while about
   * {@code waiters} still wait.
   */
  static double meanHandOffPs(String algorithm, int waiters, CpuModel model, HomeRules rules) {
    Simulation sim = new Simulation();
    Machine machine = new Machine(model, TestMachines.smpKernel(), rules);
    Kernel kernel = new Kernel(sim, machine, SchedConfig.defaults(), null);
    LockRegistry.Entry e = LockRegistry.standard().find(algorithm).orElseThrow();
    Map<String, Object> values = new TreeMap<>(LockParams.defaults(e.params()).asMap());
    Lock lock = e.factory().create(new LockEnv("l", machine), new LockParams(values));
    int tasks = waiters + 1;
    long[] acquiredAt = new long[tasks];
    long[] releasedAt = new long[tasks];
    for (int cpu = 0; cpu < tasks; cpu++) {
      int me = cpu;
      // The first task takes the lock at once and holds it until every waiter spins.
      long delay = cpu == 0 ? 0 : 1 * US + cpu * 50 * NS;
      long hold = cpu == 0 ? 10 * US + waiters * 100 * NS : HOLD_PS;
      Routine r = new Routine("waiter") {
        @Override
        public void step(Kernel k) {
          switch (k.pc()) {
            case 0 -> {
              k.compute(delay, 1, true);
              k.next(1);
            }
            case 1 -> {
              k.call(lock.acquire());
              k.next(2);
            }
            case 2 -> {
              acquiredAt[me] = k.now();
              k.compute(hold, 1, false);
              k.next(3);
            }
            case 3 -> {
              releasedAt[me] = k.now();
              k.call(lock.release());
              k.next(4);
            }
            default -> k.exit();
          }
        }
      };
      kernel.start(kernel.newTask("w" + cpu, r), cpu);
    }
    sim.runUntil(1_000 * US);
    assertEquals(tasks, lock.acquisitions(), algorithm + ": every task got the lock");
    Integer[] order = new Integer[tasks];
    for (int i = 0; i < tasks; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (a, b) -> Long.compare(acquiredAt[a], acquiredAt[b]));
    int n = Math.max(1, waiters / 4);
    long sum = 0;
    for (int i = 0; i < n; i++) {
      sum += acquiredAt[order[i + 1]] - releasedAt[order[i]];
    }
    return (double) sum / n;
  }

  private static final CpuModel TWO_SOCKETS = TestMachines.amd64(40, 2);
  private static final HomeRules HOME = new HomeRules(10 * NS, false);

  @Test
  void ticketHandOffGrowsWithEveryWaiter() {
    double eight = meanHandOffPs("spin.ticket", 8, TWO_SOCKETS, HOME);
    double thirtyTwo = meanHandOffPs("spin.ticket", 32, TWO_SOCKETS, HOME);
    assertTrue(thirtyTwo >= 2 * eight, "8 waiters: " + eight + " ps, 32: " + thirtyTwo + " ps");
  }

  @Test
  void mcsHandOffStaysFlat() {
    double eight = meanHandOffPs("queued.mcs", 8, TWO_SOCKETS, HOME);
    double thirtyTwo = meanHandOffPs("queued.mcs", 32, TWO_SOCKETS, HOME);
    assertTrue(Math.abs(thirtyTwo - eight) <= 0.2 * eight,
        "8 waiters: " + eight + " ps, 32: " + thirtyTwo + " ps");
  }

  @Test
  void qspinlockHandOffStaysFlat() {
    // Only the pending waiter and the queue head re-read the released word.
    double eight = meanHandOffPs("queued.qspinlock", 8, TWO_SOCKETS, HOME);
    double thirtyTwo = meanHandOffPs("queued.qspinlock", 32, TWO_SOCKETS, HOME);
    assertTrue(Math.abs(thirtyTwo - eight) <= 0.2 * eight,
        "8 waiters: " + eight + " ps, 32: " + thirtyTwo + " ps");
  }

  @Test
  void ttasHandOffGrowsWithTheWaiters() {
    double eight = meanHandOffPs("spin.ttas", 8, TWO_SOCKETS, HOME);
    double thirtyTwo = meanHandOffPs("spin.ttas", 32, TWO_SOCKETS, HOME);
    assertTrue(thirtyTwo > 1.3 * eight, "8 waiters: " + eight + " ps, 32: " + thirtyTwo + " ps");
  }

  @Test
  void theHomeQueueIsWhatMakesTheTicketHandOffGrow() {
    double with = meanHandOffPs("spin.ticket", 32, TWO_SOCKETS, HOME)
        / meanHandOffPs("spin.ticket", 8, TWO_SOCKETS, HOME);
    double without = meanHandOffPs("spin.ticket", 32, TWO_SOCKETS, HomeRules.NONE)
        / meanHandOffPs("spin.ticket", 8, TWO_SOCKETS, HomeRules.NONE);
    assertTrue(with > 1.5 * without, "growth 8 to 32 waiters: " + with + " with the home queue, "
        + without + " without");
  }
}
