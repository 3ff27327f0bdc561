package org.locksim.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.locksim.engine.Simulation;
import org.locksim.machine.CacheLine;
import org.locksim.machine.Machine;
import org.locksim.machine.TestMachines;

/**
 * Why: a waiter that starts spinning while the holder's unlock waits in its store buffer (behind
 * a store of the section that misses) reads the lock held, from under the buffered unlock, and
 * watches the line; the unlock's watchers were told when it was issued, before this waiter
 * watched. It must still see the unlock when it becomes visible, not spin until some later
 * write of the line, and not see it before the section's store has arrived.
 */
class BufferedUnlockSpinTest {
  private static final long NS = 1_000;

  @Test
  void aWaiterThatReadTheLockHeldFromUnderTheUnlockSeesItWhenItIsVisible() {
    Simulation sim = new Simulation();
    Machine m = new Machine(TestMachines.amd64(4, 2), TestMachines.smpKernel());
    Kernel k = new Kernel(sim, m, SchedConfig.defaults(), null);
    CacheLine lock = m.newLine("lock", 1);
    CacheLine counter = m.newLine("counter", 1);
    long[] unlockAt = new long[1];
    long[] waitEnd = {-1, -1};
    Routine waiter = new Routine("waiter") {
      @Override
      public void step(Kernel k) {
        switch (k.pc()) {
          case 0 -> {
            k.compute(2_000 * NS + 5 * NS, 1, false);
            k.next(1);
          }
          case 1 -> {
            k.spinUntilMasked(lock, 0, 1, 0, 0, null, false);
            k.next(2);
          }
          case 2 -> {
            waitEnd[0] = k.now();
            waitEnd[1] = k.seen(0);
            k.exit();
          }
          default -> throw new IllegalStateException("pc " + k.pc());
        }
      }
    };
    startHolder(k, lock, counter, unlockAt);
    k.start(k.newTask("waiter", waiter), 1);
    sim.runUntil(SchedConfig.MS);
    long remote = m.transferPs(0, 3);
    long near = m.transferPs(0, 1);
    assertTrue(remote > 2 * near, "the counter's line is farther than the waiter: " + remote + ", " + near);
    assertTrue(waitEnd[0] > 0, "the waiter saw the unlock");
    assertEquals(0, waitEnd[1], "free");
    assertTrue(waitEnd[0] >= unlockAt[0] + remote, "not before the counter's store had arrived: "
        + (waitEnd[0] - unlockAt[0]) + " ps after the unlock's issue, counter " + remote);
    assertTrue(waitEnd[0] < unlockAt[0] + remote + 3 * near + 20 * NS, "but soon after: "
        + (waitEnd[0] - unlockAt[0]) + " ps after the unlock's issue");
  }

  /**
   * Why: a test-and-set issued while the unlock waits in the holder's store buffer takes the
   * line from under it (x86-TSO): it must read the lock held and not wait for the unlock, and
   * the unlock, committed after it, must leave the lock free for the next try, not held by the
   * exchange's 1.
   */
  @Test
  void aTestAndSetUnderTheBufferedUnlockFailsAtOnceAndTheUnlockLandsOverIt() {
    Simulation sim = new Simulation();
    Machine m = new Machine(TestMachines.amd64(4, 2), TestMachines.smpKernel());
    Kernel k = new Kernel(sim, m, SchedConfig.defaults(), null);
    CacheLine lock = m.newLine("lock", 1);
    CacheLine counter = m.newLine("counter", 1);
    long[] unlockAt = new long[1];
    long[] tries = {-1, -1, -1, -1};
    Routine waiter = new Routine("waiter") {
      @Override
      public void step(Kernel k) {
        switch (k.pc()) {
          case 0 -> {
            k.compute(2_000 * NS + 5 * NS, 1, false);
            k.next(1);
          }
          case 1 -> {
            k.xchg(lock, 0, 1);
            k.next(2);
          }
          case 2 -> {
            tries[0] = k.now();
            tries[1] = k.result();
            k.xchg(lock, 0, 1);
            k.next(3);
          }
          case 3 -> {
            tries[2] = k.now();
            tries[3] = k.result();
            k.exit();
          }
          default -> throw new IllegalStateException("pc " + k.pc());
        }
      }
    };
    startHolder(k, lock, counter, unlockAt);
    k.start(k.newTask("waiter", waiter), 1);
    sim.runUntil(SchedConfig.MS);
    long remote = m.transferPs(0, 3);
    long near = m.transferPs(0, 1);
    assertEquals(1, tries[1], "the first exchange reads the lock held");
    assertTrue(tries[0] < unlockAt[0] + remote, "without waiting for the unlock: "
        + (tries[0] - unlockAt[0]) + " ps after its issue, counter " + remote);
    assertEquals(0, tries[3], "the unlock landed over the exchange's 1: the second one takes it");
    assertTrue(tries[2] >= unlockAt[0] + remote + near, "after the holder had the line back: "
        + (tries[2] - unlockAt[0]) + " ps after the unlock's issue");
  }

  /** CPU 3 writes the counter; CPU 0 locks, works 2 us, stores to the counter and unlocks. */
  private static void startHolder(Kernel k, CacheLine lock, CacheLine counter, long[] unlockAt) {
    Routine farWriter = new Routine("far") {
      @Override
      public void step(Kernel k) {
        if (k.pc() == 0) {
          k.store(counter, 0, 1);
          k.next(1);
        } else {
          k.exit();
        }
      }
    };
    Routine holder = new Routine("holder") {
      @Override
      public void step(Kernel k) {
        switch (k.pc()) {
          case 0 -> {
            k.store(lock, 0, 1);
            k.next(1);
          }
          case 1 -> {
            k.compute(2_000 * NS, 1, false);
            k.next(2);
          }
          case 2 -> {
            k.store(counter, 0, 2);       // the section's store: the line is on the other socket
            k.next(3);
          }
          case 3 -> {
            unlockAt[0] = k.now();
            k.store(lock, 0, 0);          // the unlock, behind it
            k.next(4);
          }
          default -> k.exit();
        }
      }
    };
    k.start(k.newTask("far", farWriter), 3);
    k.start(k.newTask("holder", holder), 0);
  }
}
