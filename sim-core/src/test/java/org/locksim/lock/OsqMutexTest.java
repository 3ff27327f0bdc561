package org.locksim.lock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.locksim.engine.Simulation;
import org.locksim.lock.contract.ContractRig;
import org.locksim.lock.sleep.OsqMutex;
import org.locksim.machine.Machine;
import org.locksim.machine.TestMachines;
import org.locksim.sched.Kernel;
import org.locksim.sched.Routine;
import org.locksim.sched.SchedConfig;
import org.locksim.sched.Task;
import org.locksim.sched.TaskState;

/**
 * Why: what Linux's 4.10 mutex adds over the 2009 one must show in the model: the optimistic
 * spin queue lets one spinner at a time read the owner word (the others wait on their own
 * per-CPU nodes); a queued spinner that must reschedule leaves the queue; spinners stop and
 * sleep when the owner sleeps; and a woken waiter that loses
 * to spinners gets the mutex handed to it, so that no waiter starves.
 */
class OsqMutexTest {
  private static final long NS = ContractRig.NS;
  private static final long US = 1_000 * NS;
  private static final long HOLD_PS = 50 * US;

  private final Simulation sim = new Simulation();
  private Kernel kernel;

  private Lock newLock(String algorithm, int cpus) {
    Machine machine = new Machine(TestMachines.amd64(cpus, 1), TestMachines.smpKernel());
    kernel = new Kernel(sim, machine, SchedConfig.defaults(), null);
    LockRegistry.Entry e = LockRegistry.standard().find(algorithm).orElseThrow();
    Map<String, Object> values = new TreeMap<>(LockParams.defaults(e.params()).asMap());
    return e.factory().create(new LockEnv("m", machine), new LockParams(values));
  }

  /** Copies of the mutex's line while {@code spinners} wait for a running owner. */
  private int ownerLineCopies(String algorithm, int spinners) {
    Lock lock = newLock(algorithm, spinners + 1);
    LockWorkers.start(kernel, lock, 0, 0, HOLD_PS, 1, 0);
    for (int s = 1; s <= spinners; s++) {
      LockWorkers.start(kernel, lock, s, 1 * US + s * 200 * NS, 1 * US, 1, 0);
    }
    sim.runUntil(HOLD_PS - 5 * US);
    int copies = 0;
    for (int cpu = 0; cpu <= spinners; cpu++) {
      copies += lock.line().holds(cpu) ? 1 : 0;
    }
    sim.runUntil(10 * HOLD_PS);
    assertEquals(spinners + 1, lock.acquisitions(), "every spinner got the mutex");
    assertEquals(List.of(), lock.verify(kernel));
    return copies;
  }

  @Test
  void oneSpinnerAtATimeReadsTheOwnerWord() {
    int osq = ownerLineCopies("mutex.osq", 8);
    int unqueued = new OsqMutexTest().ownerLineCopies("mutex.linux-2009", 8);
    assertTrue(osq <= 3, "osq: " + osq + " copies of the mutex line");
    assertTrue(unqueued >= 8, "2009 mutex: " + unqueued + " copies");
  }

  @Test
  void spinnersSleepWhileTheOwnerSleeps() {
    Lock lock = newLock("mutex.osq", 4);
    Routine sleeper = new Routine("sleeper") {
      @Override
      public void step(Kernel k) {
        switch (k.pc()) {
          case 0 -> {
            k.call(lock.acquire());
            k.next(1);
          }
          case 1 -> {
            k.sleep(HOLD_PS);
            k.next(2);
          }
          case 2 -> {
            k.call(lock.release());
            k.next(3);
          }
          default -> k.exit();
        }
      }
    };
    kernel.start(kernel.newTask("owner", sleeper), 0);
    for (int s = 1; s <= 3; s++) {
      LockWorkers.start(kernel, lock, s, 1 * US + s * 200 * NS, 1 * US, 1, 0);
    }
    sim.runUntil(HOLD_PS / 2);
    for (Task t : kernel.tasks().subList(1, 4)) {
      assertEquals(TaskState.BLOCKED, t.state(), t + " sleeps: the owner does");
    }
    sim.runUntil(4 * HOLD_PS);
    assertEquals(4, lock.acquisitions());
    assertEquals(List.of(), lock.verify(kernel));
  }

  @Test
  void aQueuedSpinnerThatMustRescheduleLeavesTheQueue() {
    Lock lock = newLock("mutex.osq", 3);
    long holdPs = 30 * ContractRig.MS;
    LockWorkers.start(kernel, lock, 0, 0, holdPs, 1, 0);
    LockWorkers.start(kernel, lock, 1, 1 * US, 1 * US, 1, 0);
    LockWorkers.start(kernel, lock, 2, 2 * US, 1 * US, 1, 0);
    // A CPU-bound task queued behind the second spinner: the tick ends its slice.
    Routine hog = new Routine("hog", true) {
      @Override
      public void step(Kernel k) {
        if (k.pc() == 0) {
          k.compute(holdPs, 1, true);
          k.next(1);
        } else {
          k.exit();
        }
      }
    };
    kernel.start(kernel.newTask("hog", hog), 2);
    kernel.startTicks();
    sim.runUntil(holdPs / 2);
    List<Task> tasks = kernel.tasks();
    assertEquals(TaskState.RUNNING, tasks.get(1).state(), "the osq head spins on the owner");
    // The second spinner unqueued on need_resched and gave its CPU up (to schedule() before
    // the wait path, runnable, then asleep on the wait list): the osq's tail (the word after
    // the owner) names CPU 1's node only, encoded as the CPU plus one.
    assertTrue(tasks.get(2).state() != TaskState.RUNNING, tasks.get(2).toString());
    assertEquals(2, lock.line().peek(1), "osq tail");
    sim.runUntil(3 * holdPs);
    assertEquals(3, lock.acquisitions());
    assertEquals(List.of(), lock.verify(kernel));
  }

  /**
   * Takes {@code lock} {@code times} times, each time computing 1 us, sleeping 1 us (spinners see
   * the owner leave its CPU and go to sleep) and computing 1 us before the release; thinks 1 us.
   */
  private static Routine sleepyHolder(Lock lock, int times) {
    return new Routine("sleepy") {
      @Override
      public void step(Kernel k) {
        switch (k.pc()) {
          case 0 -> {
            k.call(lock.acquire());
            k.next(1);
          }
          case 1 -> {
            k.compute(1 * US, 1, false);
            k.next(2);
          }
          case 2 -> {
            k.sleep(1 * US);
            k.next(3);
          }
          case 3 -> {
            k.compute(1 * US, 1, false);
            k.next(4);
          }
          case 4 -> {
            k.call(lock.release());
            k.setLocal(0, k.local(0) + 1);
            k.next(5);
          }
          case 5 -> {
            if (k.local(0) == times) {
              k.exit();
            } else {
              k.compute(1 * US, 1, true);
              k.next(0);
            }
          }
          default -> throw new IllegalStateException();
        }
      }
    };
  }

  @Test
  void aWokenWaiterThatLosesToSpinnersGetsTheMutexHandedOff() {
    OsqMutex lock = (OsqMutex) newLock("mutex.osq", 4);
    for (int t = 0; t < 8; t++) {
      kernel.start(kernel.newTask("w" + t, sleepyHolder(lock, 200)), t % 4);
    }
    sim.runUntil(500 * HOLD_PS);
    assertEquals(8 * 200, lock.acquisitions(), "every task took the mutex every time");
    assertTrue(lock.handOffs() > 0, "hand-offs: " + lock.handOffs());
    assertEquals(List.of(), lock.verify(kernel));
  }
}
