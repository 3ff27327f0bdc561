package org.locksim.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.locksim.engine.Simulation;
import org.locksim.machine.Machine;
import org.locksim.machine.TestMachines;

/**
 * Why: sched_yield hands the CPU to another runnable task of the CPU when there is one (CFS's
 * skip buddy); alone on its CPU the yielder goes on and no context switch is counted.
 */
class YieldTest {
  /** Yields {@code times} times, recording its name each time it runs, then exits. */
  private static Routine yielder(String name, int times, List<String> order) {
    return new Routine() {
      private int left = times;

      @Override
      public void step(Kernel k) {
        order.add(name);
        if (left-- == 0) {
          k.exit();
        } else {
          k.yield();
        }
      }

      @Override
      public String function() {
        return name;
      }
    };
  }

  @Test
  void aYieldHandsTheCpuToTheOtherTaskEveryTime() {
    List<String> order = new ArrayList<>();
    Simulation sim = new Simulation();
    Machine m = TestMachines.machine(1);
    Kernel k = new Kernel(sim, m, SchedConfig.defaults(), null);
    Task a = k.newTask("a", yielder("a", 3, order));
    Task b = k.newTask("b", yielder("b", 3, order));
    k.start(a, 0);
    k.start(b, 0);
    sim.runUntil(10 * SchedConfig.MS);
    assertEquals(TaskState.EXITED, a.state());
    assertEquals(TaskState.EXITED, b.state());
    assertEquals(List.of("a", "b", "a", "b", "a", "b", "a", "b"), order);
  }

  @Test
  void aYieldAloneOnItsCpuCountsNoSwitch() {
    List<String> order = new ArrayList<>();
    Simulation sim = new Simulation();
    Machine m = TestMachines.machine(1);
    Kernel k = new Kernel(sim, m, SchedConfig.defaults(), null);
    Task a = k.newTask("a", yielder("a", 5, order));
    k.start(a, 0);
    sim.runUntil(10 * SchedConfig.MS);
    assertEquals(6, order.size());
    assertEquals(1, a.voluntarySwitches(), "only the exit switches: the yields had nothing else to run");
  }
}
