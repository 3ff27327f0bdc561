package org.locksim.lock;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.locksim.engine.Simulation;
import org.locksim.machine.Machine;
import org.locksim.machine.TestMachines;
import org.locksim.sched.Kernel;
import org.locksim.sched.SchedConfig;
import org.locksim.sched.Task;

/**
 * Why: qrwlock's point is that readers share it while a writer is served in its turn: two
 * readers hold it together, a writer that comes while they hold it sets {@code _QW_WAITING}
 * and gets it when they have drained, and a reader that comes after the writer queues behind
 * it rather than joining the readers (no writer starvation).
 */
class QRwLockTest {
  private static final long US = 1_000_000;

  @Test
  void readersShareAWaitingWriterGoesNextAndLaterReadersQueueBehindIt() {
    Simulation sim = new Simulation();
    Machine m = new Machine(TestMachines.amd64(4, 1), TestMachines.smpKernel());
    Kernel kernel = new Kernel(sim, m, SchedConfig.defaults(), null);
    Lock lock = LockRegistry.standard().find("rw.qrwlock").orElseThrow().factory()
        .create(new LockEnv("rw", m), LockParams.defaults(List.of()));
    List<String> order = new ArrayList<>();
    lock.observe(new LockObserver() {
      @Override
      public void acquired(Lock l, Task t, long now) {
        order.add(t.name());
      }
    });
    LockWorkers.start(kernel, lock.readAcquire(), lock.readRelease(), 0, 1, 20 * US, 1, 0);
    LockWorkers.start(kernel, lock.readAcquire(), lock.readRelease(), 1, 1 * US, 20 * US, 1, 0);
    LockWorkers.start(kernel, lock, 2, 3 * US, 10 * US, 1, 0);
    LockWorkers.start(kernel, lock.readAcquire(), lock.readRelease(), 3, 5 * US, 1 * US, 1, 0);
    sim.runUntil(100 * US);
    assertEquals(List.of("worker0", "worker1", "worker2", "worker3"), order);
    assertEquals(2, lock.maxReaders(), "the first two readers held it together");
    assertEquals(List.of(), lock.verify(kernel));
  }
}
