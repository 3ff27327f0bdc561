package org.locksim.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.locksim.engine.Simulation;
import org.locksim.machine.CacheLine;
import org.locksim.machine.Machine;
import org.locksim.machine.TestMachines;

/**
 * Why: a spinner's re-read of a line another CPU owns takes the line, and its words, only when
 * the request reaches the owner, half-way through the transfer; a lock's releaser that takes
 * the lock back at once (its exchange done before the re-read gets there) does so in its own
 * cache, and the re-read brings the lock held: the spinner goes on waiting and ends only
 * with the next release. The step the first re-read had scheduled must not run.
 */
class OwnerKeepsLineTest {
  private static final long NS = 1_000;
  private static final int WORD = 0;

  @Test
  void aReleaserThatTakesTheLockBackBeforeTheReReadGetsThereKeepsItAndTheSpinnerWaitsOn() {
    long[] r = run(true);
    assertEquals(WaitReason.LINE_WRITTEN.ordinal(), r[0]);
    assertEquals(0, r[1], "the spinner ends with the lock free");
    assertTrue(r[2] > r[3], "it ends after the second release (" + r[2] + " ps), not the first ("
        + r[3] + " ps)");
    assertEquals(1, r[4], "its wait ended once");
  }

  @Test
  void aReleaserThatComesBackAfterTheReReadGotThereFindsTheLockTaken() {
    long[] r = run(false);
    assertEquals(0, r[1]);
    assertTrue(r[2] < r[3], "the spinner ends with the first release");
    assertEquals(1, r[4]);
  }

  /** Result, word seen, when the spinner went on, when the second release was issued, and how
   * many times the step after the wait ran. */
  private static long[] run(boolean backAtOnce) {
    Simulation sim = new Simulation();
    Machine m = TestMachines.machine(2);
    Kernel k = new Kernel(sim, m, SchedConfig.defaults(), null);
    CacheLine line = m.newLine("lock", 1);
    long[] out = new long[5];
    Routine spinner = new Routine("spinner") {
      @Override
      public void step(Kernel k) {
        switch (k.pc()) {
          case 0 -> {
            k.sleep(1_000 * NS);
            k.next(1);
          }
          case 1 -> {
            k.load(line, WORD);
            k.next(2);
          }
          case 2 -> {
            k.spinUntil(line, WORD, 0, 0, null, false);
            k.next(3);
          }
          case 3 -> {
            out[0] = k.result();
            out[1] = k.seen(WORD);
            out[2] = k.now();
            out[4]++;
            k.exit();
          }
          default -> throw new IllegalStateException("pc " + k.pc());
        }
      }
    };
    Routine holder = new Routine("holder") {
      @Override
      public void step(Kernel k) {
        switch (k.pc()) {
          case 0 -> {
            k.xchg(line, WORD, 1);
            k.next(1);
          }
          case 1 -> {
            k.sleep(2_000 * NS);
            k.next(2);
          }
          case 2 -> {
            k.store(line, WORD, 0);
            k.next(3);
          }
          case 3 -> {
            if (!backAtOnce) {
              // Back after the spinner's re-read has taken the line (one 40 ns transfer).
              k.compute(200 * NS, 0, false);
            }
            k.next(4);
          }
          case 4 -> {
            k.xchg(line, WORD, 1);
            k.next(5);
          }
          case 5 -> {
            k.sleep(2_000 * NS);
            k.next(6);
          }
          case 6 -> {
            out[3] = k.now();
            k.store(line, WORD, 0);
            k.next(7);
          }
          case 7 -> k.exit();
          default -> throw new IllegalStateException("pc " + k.pc());
        }
      }
    };
    k.start(k.newTask("spinner", spinner), 0);
    k.start(k.newTask("holder", holder), 1);
    sim.runUntil(SchedConfig.MS);
    return out;
  }
}
