package org.locksim.lock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.locksim.engine.Simulation;
import org.locksim.lock.contract.ContractRig;
import org.locksim.lock.queued.QSpinLock;
import org.locksim.machine.Machine;
import org.locksim.machine.TestMachines;
import org.locksim.sched.Kernel;
import org.locksim.sched.SchedConfig;
import org.locksim.sched.Task;

/**
 * Why: qspinlock and CNA are simulated for what their design buys in cache-line traffic and
 * locality, so those properties must come out of the model: one waiter takes the pending bit
 * and never touches an MCS node; with many waiters only the pending waiter and the queue head
 * read the lock word, so a hand-off costs the same few transfers however many wait; CNA hands
 * the lock mostly to waiters on the holder's socket where stock qspinlock does not, but only
 * when the critical section leaves the queue head time to sort the queue; and CNA with a zero
 * threshold hands it in the same order as stock qspinlock.
 */
class QueuedSpinLockTest {
  private static final long NS = ContractRig.NS;
  private static final long US = 1_000 * NS;
  private static final long HOLD_PS = 50 * US;

  private final Simulation sim = new Simulation();
  private Machine machine;
  private Kernel kernel;

  private Lock newLock(String algorithm, Machine m, Map<String, Object> params) {
    machine = m;
    kernel = new Kernel(sim, machine, SchedConfig.defaults(), null);
    LockRegistry.Entry e = LockRegistry.standard().find(algorithm).orElseThrow();
    Map<String, Object> values = new TreeMap<>(LockParams.defaults(e.params()).asMap());
    values.putAll(params);
    return e.factory().create(new LockEnv("l", machine), new LockParams(values));
  }

  private Lock newLock(String algorithm, int cpus) {
    return newLock(algorithm, new Machine(TestMachines.amd64(cpus, 1), TestMachines.smpKernel()), Map.of());
  }

  private void worker(Lock lock, int cpu, long delayPs, long holdPs, int times, long thinkPs) {
    LockWorkers.start(kernel, lock, cpu, delayPs, holdPs, times, thinkPs);
  }

  @Test
  void oneWaiterTakesThePendingPathAndTouchesNoNode() {
    QSpinLock lock = (QSpinLock) newLock("queued.qspinlock", 2);
    worker(lock, 0, 0, HOLD_PS, 1, 0);
    worker(lock, 1, 1 * US, HOLD_PS, 1, 0);
    sim.runUntil(4 * HOLD_PS);
    assertEquals(2, lock.acquisitions());
    assertEquals(1, lock.pendingAcquisitions(), "the waiter took the pending bit");
    assertFalse(machine.hasPerCpu(QSpinLock.NODES), "no MCS node line was ever made");
    assertEquals(Map.of("lock_pending", 1L, "lock_slowpath", 0L, "lock_use_node2", 0L, "lock_use_node3", 0L,
        "lock_use_node4", 0L, "lock_no_node", 0L), lock.lockEvents());
    assertEquals(List.of(), lock.verify(kernel));
  }

  @Test
  void aSecondWaiterQueuesOnItsNode() {
    QSpinLock lock = (QSpinLock) newLock("queued.qspinlock", 3);
    worker(lock, 0, 0, HOLD_PS, 1, 0);
    worker(lock, 1, 1 * US, HOLD_PS, 1, 0);
    worker(lock, 2, 2 * US, HOLD_PS, 1, 0);
    sim.runUntil(5 * HOLD_PS);
    assertEquals(3, lock.acquisitions());
    assertEquals(1, lock.pendingAcquisitions(), "the second waiter found the pending bit taken");
    assertTrue(machine.hasPerCpu(QSpinLock.NODES), "it queued on an MCS node");
    assertEquals(List.of("lock_pending", "lock_slowpath", "lock_use_node2", "lock_use_node3", "lock_use_node4",
        "lock_no_node"), List.copyOf(lock.lockEvents().keySet()), "the kernel's order");
    assertEquals(1L, lock.lockEvents().get("lock_pending"));
    assertEquals(1L, lock.lockEvents().get("lock_slowpath"), "lock_slowpath counts the one that queued");
    assertEquals(List.of(), lock.verify(kernel));
  }

  /** CPUs holding a copy of the lock word's line while {@code waiters} wait behind a holder. */
  private int lockLineCopies(String algorithm, int waiters) {
    Lock lock = newLock(algorithm, waiters + 1);
    worker(lock, 0, 0, HOLD_PS, 1, 0);
    for (int w = 1; w <= waiters; w++) {
      worker(lock, w, 1 * US + w * 200 * NS, 0, 1, 0);
    }
    sim.runUntil(HOLD_PS - 5 * US);
    assertEquals(1, lock.acquisitions());
    int copies = 0;
    for (int cpu = 0; cpu <= waiters; cpu++) {
      copies += lock.line().holds(cpu) ? 1 : 0;
    }
    sim.runUntil(4 * HOLD_PS);
    assertEquals(waiters + 1, lock.acquisitions(), "every waiter got the lock");
    assertEquals(List.of(), lock.verify(kernel));
    return copies;
  }

  @ParameterizedTest(name = "{0} waiters")
  @ValueSource(ints = {4, 16})
  void onlyThePendingWaiterAndTheQueueHeadSpinOnTheLockWord(int waiters) {
    // The holder (or the last tail swapper), the pending waiter and the queue head; the rest
    // spin on their own nodes. A test-and-test-and-set lock has a copy on every waiter.
    int copies = lockLineCopies("queued.qspinlock", waiters);
    assertTrue(copies <= 4, waiters + " waiters: " + copies + " copies of the lock line");
    int ttas = new QueuedSpinLockTest().lockLineCopies("spin.ttas", waiters);
    assertTrue(ttas >= waiters, waiters + " TTAS waiters: " + ttas + " copies");
  }

  /** Lock-line transfers per acquisition while {@code waiters} take turns, each once. */
  private double lockLineTransfersPerHandoff(int waiters) {
    Lock lock = newLock("queued.qspinlock", waiters + 1);
    worker(lock, 0, 0, HOLD_PS, 1, 0);
    for (int w = 1; w <= waiters; w++) {
      worker(lock, w, 1 * US + w * 200 * NS, 2 * US, 1, 0);
    }
    sim.runUntil(HOLD_PS - 5 * US);
    long before = lock.line().transfers();
    sim.runUntil(4 * HOLD_PS);
    assertEquals(waiters + 1, lock.acquisitions());
    return (double) (lock.line().transfers() - before) / waiters;
  }

  @Test
  void aHandOffCostsTheSameLockLineTransfersHoweverManyWait() {
    double few = lockLineTransfersPerHandoff(4);
    double many = new QueuedSpinLockTest().lockLineTransfersPerHandoff(32);
    assertTrue(many <= few + 0.5 && many <= 4, "per hand-off: " + few + " with 4 waiters, "
        + many + " with 32");
  }

  /** Runs {@code algorithm} on the four-socket 144-CPU machine, a task on every CPU; the lock. */
  /**
   * A run of {@link #contend}: its hand-offs to a waiter on the last holder's socket and to one
   * on another, counted as {@code --lock-stat} counts them.
   */
  private record Contended(long same, long other) {
    /** The share of hand-offs that stay on the last holder's socket. */
    double local() {
      assertTrue(same + other > 1000, "hand-offs: " + (same + other));
      return (double) same / (same + other);
    }
  }

  private Contended contend(String algorithm, Map<String, Object> params, List<Integer> order) {
    return contend(algorithm, params, order, 1 * US);
  }

  /** As {@link #contend(String, Map, List)}, each task holding the lock {@code holdPs}. */
  private Contended contend(String algorithm, Map<String, Object> params, List<Integer> order, long holdPs) {
    QSpinLock lock = (QSpinLock) newLock(algorithm, TestMachines.machine(144), params);
    long[] handOffs = new long[2];
    lock.observe(new LockObserver() {
      private int lastCpu = -1;
      private final java.util.Set<Task> waiting = new java.util.HashSet<>();

      @Override
      public void contended(Lock l, Task t, long now) {
        waiting.add(t);
      }

      @Override
      public void acquired(Lock l, Task t, long now) {
        order.add(t.id());
        // A hand-off as --lock-stat counts it: a waiter takes the lock after the last holder.
        if (waiting.remove(t) && lastCpu >= 0) {
          handOffs[socket(lastCpu) == socket(t.cpu()) ? 0 : 1]++;
        }
        lastCpu = t.cpu();
      }
    });
    for (int cpu = 0; cpu < 144; cpu++) {
      worker(lock, cpu, (cpu * 37 % 144) * 50 * NS, holdPs, 20, 2 * US);
    }
    sim.runUntil(100 * HOLD_PS);
    assertEquals(144 * 20, lock.acquisitions(), "every task got the lock every time");
    assertEquals(List.of(), lock.verify(kernel));
    return new Contended(handOffs[0], handOffs[1]);
  }

  @Test
  void cnaHandsTheLockMostlyWithinTheHoldersSocket() {
    Contended stock = contend("queued.qspinlock", Map.of(), new ArrayList<>());
    Contended cna = new QueuedSpinLockTest().contend("queued.cna", Map.of(), new ArrayList<>());
    double stockLocal = stock.local();
    double cnaLocal = cna.local();
    assertTrue(stockLocal < 0.5, "qspinlock hands off in arrival order: " + stockLocal + " local");
    // 0.82 against qspinlock's 0.28; 0.88 and 0.15 before a request whose line left its socket
    // on the way was sent on (docs/model.md, Coherence).
    assertTrue(cnaLocal > 0.8, "CNA prefers the holder's socket: " + cnaLocal + " local");
  }

  @Test
  void cnaSortsItsQueueOnlyWhileTheLockIsHeld() {
    // cna_wait_head_or_lock orders the queue while LOCK_IS_BUSY: a critical section shorter
    // than the MCS hand-off and the head's read of the lock word leaves it nothing to do, and
    // the lock goes round in arrival order as qspinlock's does; a long one (the test above)
    // leaves it time to move the remote waiters to the secondary queue.
    Contended stock = contend("queued.qspinlock", Map.of(), new ArrayList<>(), 20 * NS);
    Contended cna = new QueuedSpinLockTest().contend("queued.cna", Map.of(), new ArrayList<>(), 20 * NS);
    assertTrue(cna.local() < stock.local() + 0.1 && cna.local() < 0.5,
        "20 ns critical sections: CNA " + cna.local() + " local, qspinlock " + stock.local());
  }

  @Test
  void cnaSortsOnceIn128HeadsWhileItsSecondaryQueueIsEmpty() {
    // probably(7) of the shuffle reduction (patch 6/6): the kernel's per-CPU seed starts at 0
    // and steps through next_pseudo_random32; the draw is false when its low 7 bits are zero.
    long s = 0;
    List<Integer> sorting = new ArrayList<>();
    for (int i = 1; i <= 256; i++) {
      s = org.locksim.lock.queued.CnaLock.nextPseudoRandom32(s);
      if (i == 1) {
        assertEquals(1013904223L, s);
      }
      if (i == 2) {
        assertEquals(1196435762L, s);
      }
      if ((s & 127) == 0) {
        sorting.add(i);
      }
    }
    assertEquals(List.of(128, 256), sorting);
  }

  @Test
  void cnaWithAShortThresholdGivesWaitersOnOtherSocketsTheirTurnSooner() {
    Contended patient = contend("queued.cna", Map.of(), new ArrayList<>());
    Contended hasty = new QueuedSpinLockTest().contend("queued.cna", Map.of("numaThresholdNs", 5000), new ArrayList<>());
    assertTrue(hasty.local() < patient.local(), "5 us: " + hasty.local() + " local, 1 ms: " + patient.local());
  }

  private int socket(int cpu) {
    return machine.cpu(cpu).slot().socket();
  }

  @Test
  void cnaWithAZeroThresholdHandsOffInQspinlocksOrder() {
    List<Integer> stock = new ArrayList<>();
    List<Integer> cna = new ArrayList<>();
    contend("queued.qspinlock", Map.of(), stock);
    new QueuedSpinLockTest().contend("queued.cna", Map.of("numaThresholdNs", 0), cna);
    assertEquals(stock, cna);
  }
}
