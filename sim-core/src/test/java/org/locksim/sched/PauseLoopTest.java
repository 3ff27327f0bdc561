package org.locksim.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.locksim.cpu.Instr;
import org.locksim.engine.Simulation;
import org.locksim.machine.TestMachines;

/**
 * Why: the storms of test-and-set and of OpenBSD's CAS on every attempt are pause loops between
 * atomics, and a pause loop with nothing to watch ends at a time known when it starts. It must
 * last exactly its time and one pause (the pass in which the loop notices), as a timeout would
 * have, but cost no event of its own: an event for its timeout and another for the step after
 * it doubled the events of every storm.
 */
class PauseLoopTest {
  private static final int WAITS = 1000;

  /** {@code WAITS} pause loops of {@code ps} each, preemption off, recording each one's length. */
  private static Routine pauser(long ps, List<Long> lengths) {
    return new Routine("pauser") {
      private long started = -1;
      private int done;

      @Override
      public void step(Kernel k) {
        if (started >= 0) {
          lengths.add(k.now() - started);
          done++;
        } else {
          k.preemptDisable();
        }
        if (done == WAITS) {
          k.preemptEnable();
          k.exit();
          return;
        }
        started = k.now();
        k.spinWait(null, ps, null, false);
      }
    };
  }

  @Test
  void aPauseLoopLastsItsTimeAndAPauseAndCostsNoEventOfItsOwn() {
    Simulation sim = new Simulation();
    Kernel k = new Kernel(sim, TestMachines.machine(2), SchedConfig.defaults(), null);
    List<Long> a = new ArrayList<>();
    List<Long> b = new ArrayList<>();
    // Two CPUs whose loops interleave, so that most steps wait behind the other CPU's.
    k.start(k.newTask("a", pauser(7_000, a)), 0);
    k.start(k.newTask("b", pauser(11_000, b)), 1);
    sim.runUntil(SchedConfig.MS);
    long pause = k.machine().cpu(0).ps(Instr.PAUSE);
    assertEquals(WAITS, a.size());
    assertEquals(WAITS, b.size());
    String each = "each loop lasts its time and a pause";
    assertTrue(a.stream().allMatch(d -> d == 7_000 + pause), each);
    assertTrue(b.stream().allMatch(d -> d == 11_000 + pause), each);
    // One event at most per loop and CPU (the step after it, when the other CPU's comes first),
    // and a few for the start, the exits and the ticks.
    assertTrue(sim.eventsRun() < 2 * WAITS + 100,
        "pause loops cost " + sim.eventsRun() + " events for " + 2 * WAITS + " loops");
  }
}
