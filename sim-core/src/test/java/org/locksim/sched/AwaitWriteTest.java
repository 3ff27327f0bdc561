package org.locksim.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.locksim.engine.Simulation;
import org.locksim.machine.CacheLine;
import org.locksim.machine.Machine;
import org.locksim.machine.TestMachines;

/**
 * Why: a loop whose every pass is an atomic on the line ({@code while (!cas(p, o, n)) ;}, the
 * core-to-core-latency tool's loop) has no pause, so its wait for another CPU's write ends the
 * moment the write is visible; a {@code cpu_relax()} loop notices it when the pause it is in
 * ends. Its time
 * is the task's own mode: user time for a user-space loop.
 */
class AwaitWriteTest {
  private static final long NS = 1_000;

  /** When the waiter goes on after the writer's store, and the waiter's user time. */
  private static long[] waitFor(boolean noPause) {
    Simulation sim = new Simulation();
    Machine m = TestMachines.machine(2);
    Kernel k = new Kernel(sim, m, SchedConfig.defaults(), null);
    CacheLine line = m.newLine("flag", 1);
    long[] out = new long[3];
    Routine waiter = new Routine("waiter", true) {
      @Override
      public void step(Kernel k) {
        switch (k.pc()) {
          case 0 -> {
            k.store(line, 0, 1);
            k.next(1);
          }
          case 1 -> {
            if (noPause) {
              k.awaitWrite(line);
            } else {
              k.spinWait(line, 0, null, false);
            }
            k.next(2);
          }
          case 2 -> {
            out[0] = k.now();
            out[2] = k.result();
            k.exit();
          }
          default -> throw new IllegalStateException("pc " + k.pc());
        }
      }
    };
    Routine writer = Routine.named("writer", kk -> {
      if (kk.pc() == 0) {
        kk.sleep(1_000 * NS);
        kk.next(1);
      } else if (kk.pc() == 1) {
        out[1] = kk.now();
        kk.store(line, 0, 2);
        kk.next(2);
      } else {
        kk.exit();
      }
    });
    k.start(k.newTask("waiter", waiter), 0);
    k.start(k.newTask("writer", writer), 1);
    sim.runUntil(SchedConfig.MS * 2);
    assertEquals(WaitReason.LINE_WRITTEN.ordinal(), out[2]);
    long userPs = k.counters().snapshot(sim.now()).total(CpuMode.USER);
    return new long[] {out[0] - out[1], userPs};
  }

  @Test
  void aLoopOfAtomicsGoesOnWhenTheWriteIsVisible() {
    // The store takes the line from the waiter: one 40 ns transfer, visible when it arrives.
    assertEquals(40 * NS, waitFor(true)[0]);
    // A pause loop notices it when the 9-cycle pause (at 2.5 GHz) under way ends.
    long paused = waitFor(false)[0];
    assertTrue(paused > 40 * NS && paused <= 40 * NS + 9 * 400, "noticed after " + paused + " ps");
  }

  @Test
  void aUserSpaceLoopSpinsInUserTime() {
    assertEquals(true, waitFor(true)[1] > 900 * NS, "user ps " + waitFor(true)[1]);
  }
}
