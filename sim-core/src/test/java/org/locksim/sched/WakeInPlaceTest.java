package org.locksim.sched;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.locksim.engine.Simulation;
import org.locksim.machine.TestMachines;

/**
 * Why: Linux's mutex unlock wakes the first waiter of {@code wait_list} and leaves it there;
 * the waiter takes itself off only once it has the lock. So two unlocks before that waiter
 * runs wake it twice and leave the second waiter asleep, and a woken waiter that must sleep
 * again does so without joining the list a second time. A wake that took the waiter off (a
 * turnstile's) would wake the second waiter instead.
 */
class WakeInPlaceTest {
  private static final long US = 1_000_000;

  /** Sleeps on {@code q} once; woken, it sleeps again at once, still on the list. */
  private static Routine sleeper(WaitQueue q, int[] runs) {
    return new Routine("sleeper") {
      @Override
      public void step(Kernel k) {
        switch (k.pc()) {
          case 0 -> {
            k.prepareToWait(q);
            k.schedule();
            k.next(1);
          }
          case 1 -> {
            runs[k.task().id()]++;
            k.prepareToWaitAgain(q);
            k.schedule();
            k.next(2);
          }
          case 2 -> {
            runs[k.task().id()]++;
            k.finishWait(q);
            k.exit();
          }
          default -> throw new IllegalStateException("pc " + k.pc());
        }
      }
    };
  }

  /** Waits {@code delayPs}, then wakes the head of {@code q} in place {@code wakes} times. */
  private static Routine waker(WaitQueue q, long delayPs, int wakes) {
    return new Routine("waker") {
      @Override
      public void step(Kernel k) {
        switch (k.pc()) {
          case 0 -> {
            k.sleep(delayPs);
            k.next(1);
          }
          case 1 -> {
            for (int i = 0; i < wakes; i++) {
              k.wakeFirstInPlace(q);
            }
            k.exit();
          }
          default -> throw new IllegalStateException("pc " + k.pc());
        }
      }
    };
  }

  private Simulation sim;

  /** A two-CPU kernel of the test machine. */
  private Kernel kernel() {
    sim = new Simulation();
    return new Kernel(sim, TestMachines.machine(2), SchedConfig.defaults(), null);
  }

  private void run() {
    sim.runUntil(SchedConfig.MS);
  }

  @Test
  void twoWakesBeforeTheFirstWaiterRunsWakeItTwiceAndLeaveTheSecondAsleep() {
    WaitQueue q = new WaitQueue("wait_list");
    int[] runs = new int[3];
    Kernel k = kernel();
    Task first = k.newTask("first", sleeper(q, runs));
    Task second = k.newTask("second", sleeper(q, runs));
    k.start(first, 0);
    k.start(second, 0);
    k.start(k.newTask("waker", waker(q, 10 * US, 2)), 1);
    run();

    assertEquals(1, runs[first.id()], "the first waiter ran once, then slept again");
    assertEquals(0, runs[second.id()], "the second waiter was never woken");
    assertEquals(TaskState.BLOCKED, first.state());
    assertEquals(TaskState.BLOCKED, second.state());
    assertArrayEquals(new int[] {first.id(), second.id()}, q.snapshot(),
        "the woken waiter kept its place at the head, once");
  }

  @Test
  void aWaiterWokenAgainAfterSleepingAgainLeavesTheList() {
    WaitQueue q = new WaitQueue("wait_list");
    int[] runs = new int[4];
    Kernel k = kernel();
    Task first = k.newTask("first", sleeper(q, runs));
    Task second = k.newTask("second", sleeper(q, runs));
    k.start(first, 0);
    k.start(second, 0);
    k.start(k.newTask("waker1", waker(q, 10 * US, 1)), 1);
    k.start(k.newTask("waker2", waker(q, 100 * US, 1)), 1);
    run();

    assertEquals(2, runs[first.id()]);
    assertEquals(TaskState.EXITED, first.state());
    assertEquals(0, runs[second.id()]);
    assertArrayEquals(new int[] {second.id()}, q.snapshot());
  }
}
