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
    Setup setup = new Setup();
    CacheLine lock = setup.lock;
    long[] waitEnd = {-1, -1};
    Routine waiter = new Routine("waiter") {
      @Override
      public void step(Kernel k) {
        switch (k.pc()) {
          case 0 -> {
            k.spinUntilMasked(lock, 0, 1, 0, 0, null, false);
            k.next(1);
          }
          case 1 -> {
            waitEnd[0] = k.now();
            waitEnd[1] = k.seen(0);
            k.exit();
          }
          default -> throw new IllegalStateException("pc " + k.pc());
        }
      }
    };
    setup.run(waiter);
    long remote = setup.remote;
    long near = setup.near;
    assertTrue(remote > 2 * near, "the counter's line is farther than the waiter");
    assertTrue(waitEnd[0] > 0, "the waiter saw the unlock");
    assertEquals(0, waitEnd[1], "free");
    long seen = setup.sinceUnlock(waitEnd[0]);
    assertTrue(seen >= remote, "not before the counter's store had arrived: " + seen
        + " ps after the unlock's issue, counter " + remote);
    assertTrue(seen < remote + 3 * near + 20 * NS, "but soon after: " + seen + " ps");
  }

  /**
   * Why: a test-and-set issued while the unlock waits in the holder's store buffer takes the
   * line from under it (x86-TSO): it must read the lock held and not wait for the unlock, and
   * the unlock, committed after it, must leave the lock free, not held by the exchange's 1. The
   * waiter tries again at once until it gets the lock: its tries read 1 until the unlock is
   * ordered (after the section's store, which is ordered where it reaches the far counter's
   * line), and the first one after it takes the lock.
   */
  @Test
  void aTestAndSetUnderTheBufferedUnlockFailsAtOnceAndTheUnlockLandsOverIt() {
    Setup setup = new Setup();
    CacheLine lock = setup.lock;
    long[] first = {-1, -1};
    long[] taken = {-1, 0};
    Routine waiter = new Routine("waiter") {
      @Override
      public void step(Kernel k) {
        switch (k.pc()) {
          case 0 -> {
            k.xchg(lock, 0, 1);
            k.next(1);
          }
          case 1 -> {
            if (first[0] < 0) {
              first[0] = k.now();
              first[1] = k.result();
            }
            taken[1]++;
            if (k.result() == 0 || taken[1] > 1_000) {
              taken[0] = k.result() == 0 ? k.now() : -1;
              k.exit();
            } else {
              k.xchg(lock, 0, 1);
              k.next(1);
            }
          }
          default -> throw new IllegalStateException("pc " + k.pc());
        }
      }
    };
    setup.run(waiter);
    assertEquals(1, first[1], "the first exchange reads the lock held");
    long firstAt = setup.sinceUnlock(first[0]);
    assertTrue(firstAt < setup.remote, "without waiting for the unlock: " + firstAt
        + " ps after its issue, counter " + setup.remote);
    assertTrue(taken[0] > 0, "the unlock landed over the exchanges' 1s: a later one takes the"
        + " lock (" + taken[1] + " tries)");
    assertTrue(taken[1] > 1, "not the first try");
    long second = setup.sinceUnlock(taken[0]);
    assertTrue(second >= setup.remote / 2 + setup.near, "after the holder had the line back: "
        + second + " ps after the unlock's issue");
  }

  /**
   * A four-CPU, two-socket amd64 with a lock and a counter line: CPU 3 writes the counter; CPU 0
   * locks, works 2 us, stores to the counter and unlocks; the waiter runs on CPU 1 from 2,005 ns.
   */
  private static final class Setup {
    final Simulation sim = new Simulation();
    final Machine machine = new Machine(TestMachines.amd64(4, 2), TestMachines.smpKernel());
    final Kernel k = new Kernel(sim, machine, SchedConfig.defaults(), null);
    final CacheLine lock = machine.newLine("lock", 1);
    final CacheLine counter = machine.newLine("counter", 1);
    final long[] unlockAt = new long[1];
    /** The transfers from CPU 0 to the counter's writer and to the waiter. */
    final long remote = machine.transferPs(0, 3);
    final long near = machine.transferPs(0, 1);

    long sinceUnlock(long t) {
      return t - unlockAt[0];
    }

    void run(Routine waiter) {
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
      Routine late = new Routine("waiter_start") {
        @Override
        public void step(Kernel k) {
          // The waiter comes 5 ns after the holder's section ends, while the unlock is buffered.
          if (k.pc() == 0) {
            k.compute(2_000 * NS + 5 * NS, 1, false);
            k.next(1);
          } else {
            k.call(waiter);
          }
        }
      };
      k.start(k.newTask("waiter", late), 1);
      sim.runUntil(SchedConfig.MS);
    }
  }
}
