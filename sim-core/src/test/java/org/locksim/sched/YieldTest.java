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
    return new Routine(name) {
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
    };
  }

  /** Tasks "a", "b", ... on one CPU, yielding {@code yields[i]} times each, run for 10 ms. */
  private static List<Task> runYielders(List<String> order, int... yields) {
    Simulation sim = new Simulation();
    Machine m = TestMachines.machine(1);
    Kernel k = new Kernel(sim, m, SchedConfig.defaults(), null);
    List<Task> tasks = new ArrayList<>();
    for (int i = 0; i < yields.length; i++) {
      String name = String.valueOf((char) ('a' + i));
      tasks.add(k.newTask(name, yielder(name, yields[i], order)));
    }
    for (Task t : tasks) {
      k.start(t, 0);
    }
    sim.runUntil(10 * SchedConfig.MS);
    return tasks;
  }

  @Test
  void aYieldHandsTheCpuToTheOtherTaskEveryTime() {
    List<String> order = new ArrayList<>();
    List<Task> tasks = runYielders(order, 3, 3);
    assertEquals(TaskState.EXITED, tasks.get(0).state());
    assertEquals(TaskState.EXITED, tasks.get(1).state());
    assertEquals(List.of("a", "b", "a", "b", "a", "b", "a", "b"), order);
  }

  @Test
  void aYieldAloneOnItsCpuCountsNoSwitch() {
    List<String> order = new ArrayList<>();
    Task a = runYielders(order, 5).get(0);
    assertEquals(6, order.size());
    assertEquals(1, a.voluntarySwitches(), "only the exit switches: the yields had nothing else to run");
  }
}
