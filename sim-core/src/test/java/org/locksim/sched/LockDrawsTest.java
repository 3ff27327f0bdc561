package org.locksim.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.locksim.engine.Simulation;
import org.locksim.machine.Machine;
import org.locksim.machine.TestMachines;

/**
 * Why: a backoff lock's source draws each delay at random below its limit from a generator of
 * the thread's own (Anderson 1990; Herlihy and Shavit's {@code Backoff}; libslock's {@code
 * my_random}). {@link Kernel#random} is that generator: each draw is below its bound, two tasks
 * draw different sequences, the same seed gives the same draws and another seed others, and a
 * task's draws do not depend on what other tasks drew before it.
 */
class LockDrawsTest {
  private static final long BOUND = 1_000_000;

  /** Tasks that each draw {@code n} numbers below {@link #BOUND}, one CPU each; per task, its draws. */
  private static List<List<Long>> draws(long seed, int tasks, int n) {
    Simulation sim = new Simulation();
    Machine m = TestMachines.machine(tasks);
    Kernel k = new Kernel(sim, m, SchedConfig.defaults(), null);
    k.seed(seed);
    List<List<Long>> out = new ArrayList<>();
    for (int i = 0; i < tasks; i++) {
      List<Long> mine = new ArrayList<>();
      out.add(mine);
      k.start(k.newTask("t" + i, new Routine("drawer") {
        @Override
        public void step(Kernel kk) {
          if (mine.size() == n) {
            kk.exit();
          } else {
            mine.add(kk.random(BOUND));
            kk.compute(1000, 1, false);
          }
        }
      }), i);
    }
    sim.runUntil(SchedConfig.MS);
    return out;
  }

  @Test
  void drawsAreBelowTheBoundAndTheTasksOwn() {
    List<List<Long>> d = draws(1, 2, 200);
    for (List<Long> task : d) {
      assertEquals(200, task.size());
      assertTrue(task.stream().allMatch(x -> x >= 0 && x < BOUND), "a draw outside [0, bound)");
      assertTrue(task.stream().distinct().count() > 190, "the draws repeat: " + task);
    }
    assertNotEquals(d.get(0), d.get(1), "two tasks drew the same sequence");
  }

  @Test
  void theSeedDecidesTheDrawsAndATasksDrawsAreItsOwn() {
    assertEquals(draws(7, 2, 50), draws(7, 2, 50));
    assertNotEquals(draws(7, 2, 50), draws(8, 2, 50));
    // A third task drawing beside them leaves the first two tasks' draws as they were.
    assertEquals(draws(7, 2, 50), draws(7, 3, 50).subList(0, 2));
  }
}
