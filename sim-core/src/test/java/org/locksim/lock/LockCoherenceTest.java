package org.locksim.lock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.locksim.engine.Simulation;
import org.locksim.lock.contract.ContractRig;
import org.locksim.machine.CacheLine;
import org.locksim.machine.Machine;
import org.locksim.machine.TestMachines;
import org.locksim.sched.Kernel;
import org.locksim.sched.Routine;
import org.locksim.sched.SchedConfig;

/**
 * Why: the point of simulating these algorithms is what they cost in cache-line traffic, so
 * the behaviours the literature explains them by must come out of the model: a test-and-set
 * spinner steals the line from the holder and delays its release; a test-and-test-and-set
 * spinner costs nothing while the line is unwritten (and no events either); a ticket release
 * costs one transfer per waiter, since every waiter re-reads the line; an MCS release costs
 * the same few transfers however many wait; OpenBSD's mtx_enter with seed 000's read before
 * the CAS leaves the line alone while the mutex is held, and so does the CAS loop without it
 * on an arm64 kernel without LSE, whose failed CAS is only a load-exclusive (and whose passes,
 * repeating until the line is written, cost no events meanwhile).
 */
class LockCoherenceTest {
  private static final long NS = ContractRig.NS;
  private static final long US = 1_000 * NS;
  private static final long HOLD_PS = 50 * US;

  private final Simulation sim = new Simulation();
  private Machine machine;
  private Kernel kernel;

  private Lock newLock(String algorithm, int cpus) {
    return newLock(algorithm, cpus, Map.of());
  }

  private Lock newLock(String algorithm, int cpus, Map<String, Object> params) {
    return newLock(algorithm, new Machine(TestMachines.amd64(cpus, 1), TestMachines.smpKernel()), params);
  }

  private Lock newLock(String algorithm, Machine m, Map<String, Object> params) {
    machine = m;
    kernel = new Kernel(sim, machine, SchedConfig.defaults(), null);
    LockRegistry.Entry e = LockRegistry.standard().find(algorithm).orElseThrow();
    Map<String, Object> values = new TreeMap<>(LockParams.defaults(e.params()).asMap());
    values.putAll(params);
    return e.factory().create(new LockEnv("l", machine), new LockParams(values));
  }

  /** A task that waits {@code delayPs}, takes {@code lock}, holds it {@code holdPs}, releases it and exits. */
  private void holder(Lock lock, int cpu, long delayPs, long holdPs) {
    Routine r = new Routine("holder") {
      @Override
      public void step(Kernel k) {
        switch (k.pc()) {
          case 0 -> {
            k.compute(delayPs, 1, true);
            k.next(1);
          }
          case 1 -> {
            k.call(lock.acquire());
            k.next(2);
          }
          case 2 -> {
            k.compute(holdPs, 1, false);
            k.next(3);
          }
          case 3 -> {
            k.call(lock.release());
            k.next(4);
          }
          default -> k.exit();
        }
      }
    };
    kernel.start(kernel.newTask("holder" + cpu, r), cpu);
  }

  /**
   * Sets the lock word by hand with an xchg, holds it, then times an xchg that clears it: the
   * latency of the unlock as its CPU sees it: {@code out} gets its start and end.
   */
  private void timedXchgUnlock(CacheLine line, long[] out) {
    Routine r = new Routine("owner") {
      @Override
      public void step(Kernel k) {
        switch (k.pc()) {
          case 0 -> {
            k.xchg(line, 0, 1);
            k.next(1);
          }
          case 1 -> {
            k.compute(HOLD_PS, 1, false);
            k.next(2);
          }
          case 2 -> {
            out[0] = k.now();
            k.xchg(line, 0, Lock.UNOWNED);
            k.next(3);
          }
          case 3 -> {
            out[1] = k.now();
            k.exit();
          }
          default -> throw new IllegalStateException();
        }
      }
    };
    kernel.start(kernel.newTask("owner", r), 0);
  }

  private long unlockLatency(String spinning, int spinners) {
    Lock lock = newLock(spinning, spinners + 1);
    long[] times = new long[2];
    timedXchgUnlock(lock.line(), times);
    for (int s = 1; s <= spinners; s++) {
      holder(lock, s, 1 * US + s * 100 * NS, 0);
    }
    sim.runUntil(2 * HOLD_PS);
    assertTrue(times[1] > 0, "the owner unlocked");
    assertEquals(spinners, lock.acquisitions(), "the spinners got the lock after the unlock");
    return times[1] - times[0];
  }

  @Test
  void tasSpinnersSlowTheOwnersUnlock() {
    long transferPs = 40 * NS;
    long alone = unlockLatency("spin.tas", 0);
    assertTrue(alone < transferPs, "alone, the owner has the line: " + alone + " ps");
    // One spinner of either kind holds the line: the unlock needs one transfer.
    long oneTas = new LockCoherenceTest().unlockLatency("spin.tas", 1);
    long oneTtas = new LockCoherenceTest().unlockLatency("spin.ttas", 1);
    assertTrue(oneTas >= alone + transferPs, "one TAS spinner: " + oneTas + " ps");
    assertTrue(oneTtas >= alone + transferPs, "one TTAS spinner: " + oneTtas + " ps");
    // TAS spinners steal the line from each other: the unlock queues behind their atomics.
    // TTAS spinners share it quietly: the unlock costs one invalidation.
    long manyTas = new LockCoherenceTest().unlockLatency("spin.tas", 7);
    long manyTtas = new LockCoherenceTest().unlockLatency("spin.ttas", 7);
    assertTrue(manyTas >= oneTas + transferPs, "seven TAS spinners: " + manyTas + " ps");
    assertTrue(manyTtas <= oneTtas, "seven TTAS spinners: " + manyTtas + " ps");
  }

  @Test
  void ttasSpinnerCostsNoTransfersOrEventsUntilTheLineIsWritten() {
    Lock ttas = newLock("spin.ttas", 2);
    holder(ttas, 0, 0, HOLD_PS);
    holder(ttas, 1, 1 * US, 0);
    sim.runUntil(10 * US);
    long transfers = ttas.line().transfers();
    long events = sim.eventsRun();
    sim.runUntil(HOLD_PS);
    assertEquals(transfers, ttas.line().transfers(), "no transfers while the holder holds");
    assertTrue(sim.eventsRun() - events <= 2, "spinning is event-driven: "
        + (sim.eventsRun() - events) + " events in 40 us");
    sim.runUntil(2 * HOLD_PS);
    assertEquals(2, ttas.acquisitions(), "the spinner got the lock after the release");
    assertTrue(ttas.line().transfers() > transfers, "the release moved the line");
  }

  @Test
  void tasSpinnersMoveTheLineAllTheTime() {
    Lock tas = newLock("spin.tas", 3);
    holder(tas, 0, 0, HOLD_PS);
    holder(tas, 1, 1 * US, 0);
    holder(tas, 2, 1 * US, 0);
    sim.runUntil(10 * US);
    long transfers = tas.line().transfers();
    sim.runUntil(HOLD_PS);
    // A lone spinner keeps the line in its cache; two steal it from each other on every
    // attempt: 40 us / (transfer + xchg + pause), about 800 transfers.
    long moved = tas.line().transfers() - transfers;
    assertTrue(moved > 500, "TAS transfers while held: " + moved);
  }

  @ParameterizedTest(name = "checkBeforeCas={0}")
  @ValueSource(booleans = {false, true})
  void mtxEnterReadsBeforeCasToWaitWithoutMovingTheLine(boolean checkBeforeCas) {
    Lock mtx = newLock("spin.mtx-enter", 3, Map.of("checkBeforeCas", checkBeforeCas));
    holder(mtx, 0, 0, HOLD_PS);
    holder(mtx, 1, 1 * US, 0);
    holder(mtx, 2, 1 * US, 0);
    sim.runUntil(10 * US);
    long transfers = mtx.line().transfers();
    long events = sim.eventsRun();
    sim.runUntil(HOLD_PS);
    long moved = mtx.line().transfers() - transfers;
    long ran = sim.eventsRun() - events;
    if (checkBeforeCas) {
      // Seed 000: "avoids some expensive atomic compare-and-swap operations".
      assertEquals(0, moved, "transfers while held");
      assertTrue(ran <= 4, "events while held: " + ran);
    } else {
      assertTrue(moved > 100, "two CAS spinners steal the line from each other: " + moved);
    }
    sim.runUntil(2 * HOLD_PS);
    assertEquals(3, mtx.acquisitions());
    assertEquals(List.of(), mtx.verify(kernel));
  }

  @ParameterizedTest(name = "arm64Atomics llsc={0}")
  @ValueSource(booleans = {false, true})
  void onArm64WithoutLseAFailedCasLeavesTheLineShared(boolean llsc) {
    var m2 = new org.locksim.scenario.MachineReader(org.locksim.cpu.ModelCatalog.bundled()).bundled("apple-m2-pro");
    var kc = new org.locksim.machine.KernelConfig(true, org.locksim.machine.FastPath.OUT_OF_LINE,
        org.locksim.machine.ReleaseStyle.XCHG, 1000, false, llsc, Double.POSITIVE_INFINITY);
    Lock mtx = newLock("spin.mtx-enter", new Machine(m2, kc), Map.of("checkBeforeCas", false, "backoff", false));
    holder(mtx, 0, 0, HOLD_PS);
    holder(mtx, 4, 1 * US, 0);
    holder(mtx, 8, 1 * US, 0);
    sim.runUntil(10 * US);
    long transfers = mtx.line().transfers();
    long events = sim.eventsRun();
    sim.runUntil(HOLD_PS);
    long moved = mtx.line().transfers() - transfers;
    long ran = sim.eventsRun() - events;
    if (llsc) {
      assertEquals(0, moved, "ldaxr, compare, no stlxr: the spinners only read");
      // Every pass repeats the failed one until the line is written: the waiters wait for
      // the write, costing no events (a pass of about 20 ns would cost thousands in 40 us).
      assertTrue(ran <= 4, "events while held: " + ran);
    } else {
      assertTrue(moved > 100, "casal takes the line even when it fails: " + moved);
    }
    sim.runUntil(2 * HOLD_PS);
    assertEquals(3, mtx.acquisitions());
    assertEquals(List.of(), mtx.verify(kernel));
  }

  /** Transfers of all lines between just before the first release and after the handoff. */
  private long releaseTransfers(String algorithm, int waiters) {
    Lock lock = newLock(algorithm, waiters + 1);
    holder(lock, 0, 0, HOLD_PS);
    for (int w = 1; w <= waiters; w++) {
      holder(lock, w, 1 * US + w * 200 * NS, HOLD_PS);
    }
    // The first holder releases at about 1.5 us (its context switch) plus HOLD_PS.
    sim.runUntil(HOLD_PS - 5 * US);
    assertEquals(1, lock.acquisitions());
    long before = machine.coherence().transfers();
    sim.runUntil(HOLD_PS + 20 * US);
    assertEquals(2, lock.acquisitions(), "one handoff");
    return machine.coherence().transfers() - before;
  }

  @ParameterizedTest(name = "{0} waiters")
  @ValueSource(ints = {2, 4, 8, 16})
  void ticketReleaseCostsAboutOneTransferPerWaiter(int waiters) {
    long t = releaseTransfers("spin.ticket", waiters);
    // The unlock store invalidates every copy (one transfer); each waiter re-reads the line.
    assertTrue(t >= waiters && t <= waiters + 2, waiters + " waiters: " + t + " transfers");
  }

  @ParameterizedTest(name = "{0} waiters")
  @ValueSource(ints = {2, 4, 8, 16})
  void mcsReleaseCostsTheSameWhateverTheWaiters(int waiters) {
    long t = releaseTransfers("queued.mcs", waiters);
    // Read own node, write the successor's node, the successor re-reads it.
    assertTrue(t <= 3, waiters + " waiters: " + t + " transfers");
  }
}
