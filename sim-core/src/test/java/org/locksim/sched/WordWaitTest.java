package org.locksim.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.locksim.engine.Simulation;
import org.locksim.machine.CacheLine;
import org.locksim.machine.Machine;
import org.locksim.machine.TestMachines;

/**
 * Why: a spinner on two words of a line (Linux's loser of a cmpxchg waits for {@code count}
 * to be 1 again or for {@code owner} to be set) must go on spinning through a write to a third
 * word, and end with the re-read that saw its word change: the code after the wait runs when
 * that read is back (the write's visibility, one pause, one transfer and the load) and reads
 * the words as that read saw them, without loading the line again.
 */
class WordWaitTest {
  private static final long NS = 1_000;
  private static final int COUNT = 0;
  private static final int OWNER = 1;
  private static final int OTHER = 2;

  @Test
  void aWriteToAnotherWordKeepsTheSpinnerAndItsOwnWordEndsTheWaitWithTheWordsItRead() {
    Simulation sim = new Simulation();
    Machine m = TestMachines.machine(2);
    Kernel k = new Kernel(sim, m, SchedConfig.defaults(), null);
    CacheLine line = m.newLine("mutex", 3);
    long[] seen = new long[4];
    long[] storeAt = new long[1];
    Routine spinner = new Routine("spinner") {
      @Override
      public void step(Kernel k) {
        switch (k.pc()) {
          case 0 -> {
            k.load(line, COUNT);
            k.next(1);
          }
          case 1 -> {
            k.spinUntilOrChanged(line, COUNT, 1, OWNER, 0, 0, null, false);
            k.next(2);
          }
          case 2 -> {
            seen[0] = k.result();
            seen[1] = k.seen(OWNER);
            seen[2] = k.seen(OTHER);
            seen[3] = k.now();
            k.exit();
          }
          default -> throw new IllegalStateException("pc " + k.pc());
        }
      }
    };
    Routine writer = new Routine("writer") {
      @Override
      public void step(Kernel k) {
        switch (k.pc()) {
          case 0 -> {
            k.sleep(1_000 * NS);
            k.next(1);
          }
          case 1 -> {
            k.store(line, OTHER, 5);
            k.next(2);
          }
          case 2 -> {
            k.sleep(1_000 * NS);
            k.next(3);
          }
          case 3 -> {
            storeAt[0] = k.now();
            k.store(line, OWNER, 7);
            k.next(4);
          }
          case 4 -> k.exit();
          default -> throw new IllegalStateException("pc " + k.pc());
        }
      }
    };
    k.start(k.newTask("spinner", spinner), 0);
    k.start(k.newTask("writer", writer), 1);
    sim.runUntil(SchedConfig.MS);

    assertEquals(WaitReason.LINE_WRITTEN.ordinal(), seen[0]);
    assertEquals(7, seen[1], "the ending read saw the owner set");
    assertEquals(5, seen[2], "and the other word as the first write left it");
    // The store upgrades the writer's shared copy (one 40 ns transfer to invalidate the
    // spinner's); the spinner's next pass, a 9-cycle pause later, reads the line back from
    // the writer (40 ns) with a 4-cycle load, at 2.5 GHz.
    long pause = 9 * 400;
    long load = 4 * 400;
    assertEquals(storeAt[0] + 40 * NS + pause + 40 * NS + load, seen[3]);
  }
}
