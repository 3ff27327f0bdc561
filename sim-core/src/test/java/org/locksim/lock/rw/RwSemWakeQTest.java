package org.locksim.lock.rw;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.locksim.engine.Simulation;
import org.locksim.lock.Lock;
import org.locksim.lock.LockEnv;
import org.locksim.lock.LockObserver;
import org.locksim.lock.LockParams;
import org.locksim.lock.LockWorkers;
import org.locksim.machine.Machine;
import org.locksim.machine.TestMachines;
import org.locksim.sched.Kernel;
import org.locksim.sched.KernelObserver;
import org.locksim.sched.SchedConfig;
import org.locksim.sched.Task;

/**
 * Why: v5.12's rwsem collects the tasks to wake in a {@code wake_q} under {@code wait_lock}
 * and wakes them with {@code wake_up_q()} after {@code raw_spin_unlock}, so that the spin
 * lock is not held through a call and a run-queue-lock transfer per wakee ("We want to
 * minimize wait_lock hold time especially when a large number of readers are to be woken
 * up"). A model that woke under {@code wait_lock} would show each of these wake-ups with the
 * waker still holding it, and a hold of {@code wait_lock} as long as the wake-ups.
 */
class RwSemWakeQTest {
  private static final long US = 1_000_000;
  private static final int READERS = 6;

  @Test
  void readersQueuedBehindAWriterAreWokenAfterItsWaitLockRelease() {
    Simulation sim = new Simulation();
    Machine m = new Machine(TestMachines.amd64(8, 1), TestMachines.smpKernel());
    int[] holder = {-1};
    long[] longestHold = {0};
    List<String> underWaitLock = new ArrayList<>();
    List<Long> wakeAt = new ArrayList<>();
    Kernel kernel = new Kernel(sim, m, SchedConfig.defaults(), new KernelObserver() {
      @Override
      public void wakeup(int waker, Task wakee, long at) {
        wakeAt.add(at);
        if (waker >= 0 && waker == holder[0]) {
          underWaitLock.add("task " + waker + " woke " + wakee.name() + " at " + at);
        }
      }
    });
    RwSem sem = new RwSem(new LockEnv("rwsem", m), LockParams.defaults(RwSem.PARAMS));
    sem.waitLock().observe(new LockObserver() {
      @Override
      public void acquired(Lock l, Task t, long now) {
        holder[0] = t.id();
      }

      @Override
      public void released(Lock l, Task t, long now, long heldPs) {
        holder[0] = -1;
        longestHold[0] = Math.max(longestHold[0], heldPs);
      }
    });
    LockWorkers.start(kernel, sem.acquire(), sem.release(), 0, 0, 30 * US, 1, 0);
    for (int i = 1; i <= READERS; i++) {
      LockWorkers.start(kernel, sem.readAcquire(), sem.readRelease(), i, (1 + i) * US, 20 * US, 1, 0);
    }
    sim.runUntil(300 * US);

    assertEquals(READERS, sem.maxReaders(), "the queued readers were granted the lock together");
    assertEquals(READERS, wakeAt.size(), "one wake-up per reader, from up_write's rwsem_wake");
    assertEquals(List.of(), underWaitLock, "no wake-up is issued while the waker holds wait_lock");
    long wakeSpan = wakeAt.get(READERS - 1) - wakeAt.get(0);
    assertTrue(longestHold[0] < wakeSpan, "wait_lock is not held across the " + READERS
        + " wake-ups: longest hold " + longestHold[0] + " ps, wake-ups over " + wakeSpan + " ps");
    assertEquals(List.of(), sem.verify(kernel));
  }
}
