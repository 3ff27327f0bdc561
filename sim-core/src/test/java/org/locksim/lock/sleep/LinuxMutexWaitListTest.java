package org.locksim.lock.sleep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.locksim.engine.Simulation;
import org.locksim.lock.Lock;
import org.locksim.lock.LockEnv;
import org.locksim.lock.LockObserver;
import org.locksim.lock.LockParams;
import org.locksim.machine.Machine;
import org.locksim.machine.TestMachines;
import org.locksim.sched.Kernel;
import org.locksim.sched.Routine;
import org.locksim.sched.SchedConfig;
import org.locksim.sched.Task;

/**
 * Why: in Linux 2.6.29 a waiter stays on {@code wait_list} until it has the mutex, so one that
 * is woken and loses its {@code xchg(count, -1)} to a task that came by meanwhile is still
 * first in line: the next unlock wakes it again, not the waiter behind it. A model that put
 * the loser back at the tail would hand the mutex to the second waiter first.
 *
 * <p>The script, without owner spinning (so that waiters sleep): the holder takes the mutex
 * and holds it; two waiters arrive one after the other and sleep; the holder lets go, which
 * wakes the first waiter; before that waiter is back on a CPU (its wakeup costs an IPI), a
 * third task on another CPU takes the mutex by the fast path, so the first waiter's retry
 * fails and it sleeps again; the third task lets go and wakes the head of the list.
 */
class LinuxMutexWaitListTest {
  private static final long NS = 1_000;
  private static final long US = 1_000_000;

  /** Takes the mutex at once, holds it for {@code holdPs}, lets go, sets {@code released}. */
  private static Routine holder(Lock mutex, long holdPs, boolean[] released) {
    return new Routine("holder") {
      @Override
      public void step(Kernel k) {
        switch (k.pc()) {
          case 0 -> {
            k.call(mutex.acquire());
            k.next(1);
          }
          case 1 -> {
            k.compute(holdPs, holdPs / 400, false);
            k.next(2);
          }
          case 2 -> {
            k.call(mutex.release());
            k.next(3);
          }
          case 3 -> {
            released[0] = true;
            k.exit();
          }
          default -> throw new IllegalStateException("pc " + k.pc());
        }
      }
    };
  }

  /**
   * Works for {@code delayPs}, or in bursts of 50 ns until {@code go} is set when it is given;
   * then takes the mutex, holds it for {@code holdPs} and lets go.
   */
  private static Routine taker(Lock mutex, long delayPs, boolean[] go, long holdPs) {
    return new Routine("taker") {
      @Override
      public void step(Kernel k) {
        switch (k.pc()) {
          case 0 -> {
            k.compute(delayPs, delayPs / 400, true);
            k.next(1);
          }
          case 1 -> {
            if (go != null && !go[0]) {
              k.compute(50 * NS, 1, true);
            } else {
              k.call(mutex.acquire());
              k.next(2);
            }
          }
          case 2 -> {
            k.compute(holdPs, holdPs / 400, false);
            k.next(3);
          }
          case 3 -> {
            k.call(mutex.release());
            k.next(4);
          }
          case 4 -> k.exit();
          default -> throw new IllegalStateException("pc " + k.pc());
        }
      }
    };
  }

  @Test
  void aWokenWaiterThatLosesItsRetryIsWokenFirstAgain() {
    Simulation sim = new Simulation();
    Machine machine = TestMachines.machine(4);
    Kernel kernel = new Kernel(sim, machine, SchedConfig.defaults(), null);
    Lock mutex = new LinuxMutex(new LockEnv("m", machine),
        new LockParams(Map.of("ownerSpin", false)));
    List<String> order = new ArrayList<>();
    mutex.observe(new LockObserver() {
      @Override
      public void acquired(Lock l, Task t, long now) {
        order.add(t.name());
      }
    });
    boolean[] released = new boolean[1];
    Task holder = kernel.newTask("holder", holder(mutex, 50 * US, released));
    Task first = kernel.newTask("first", taker(mutex, 5 * US, null, 1 * US));
    Task second = kernel.newTask("second", taker(mutex, 10 * US, null, 1 * US));
    Task barger = kernel.newTask("barger", taker(mutex, 1 * US, released, 20 * US));
    kernel.start(holder, 0);
    kernel.start(first, 1);
    kernel.start(second, 2);
    kernel.start(barger, 3);
    sim.runUntil(10 * SchedConfig.MS);

    assertEquals(List.of("holder", "barger", "first", "second"), order,
        "the barger takes the mutex between the first waiter's wakeup and its retry; the first"
            + " waiter, still at the head of wait_list, gets it next");
    assertTrue(mutex.verify(kernel).isEmpty(), () -> mutex.verify(kernel).toString());
  }
}
