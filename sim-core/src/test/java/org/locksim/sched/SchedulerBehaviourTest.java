package org.locksim.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.locksim.engine.Simulation;
import org.locksim.machine.Machine;
import org.locksim.machine.TestMachines;

/**
 * Why: adaptive spinning is only as good as the scheduler signals it reads. A spinner that
 * watches need_resched must stop when a wakeup preempts it; spinning with preemption disabled
 * must hold the CPU; tasks moved between CPUs must be counted as migrations; and a busy CPU's
 * queue must be shared with an idle CPU.
 */
class SchedulerBehaviourTest {
  private static final long MS = SchedConfig.MS;
  private static final long US = MS / 1000;

  /** Spins until need_resched (or forever), records why it stopped, then computes. */
  static Routine spinner(List<WaitReason> why, boolean stopOnResched) {
    return new Routine("spinner") {
      @Override
      public void step(Kernel k) {
        switch (k.pc()) {
          case 0 -> {
            k.preemptDisable();
            k.spinWait(null, 0, null, stopOnResched);
            k.next(1);
          }
          case 1 -> {
            why.add(WaitReason.of(k.result()));
            k.preemptEnable();
            k.compute(10 * US, 1, true);
            k.next(2);
          }
          default -> k.exit();
        }
      }
    };
  }

  /** Sleeps {@code ps}, then burns CPU for a long while. */
  static Routine sleeper(long ps) {
    return new Routine("sleeper") {
      @Override
      public void step(Kernel k) {
        switch (k.pc()) {
          case 0 -> {
            k.sleep(ps);
            k.next(1);
          }
          case 1 -> {
            k.compute(5 * MS, 1, true);
            k.next(2);
          }
          default -> k.exit();
        }
      }
    };
  }

  @Test
  void aSpinnerWatchingNeedReschedYieldsToAWokenTask() {
    Simulation sim = new Simulation();
    Machine m = TestMachines.machine(1);
    Kernel k = new Kernel(sim, m, SchedConfig.defaults(), null);
    List<WaitReason> why = new ArrayList<>();
    Task sleeper = k.newTask("sleeper", sleeper(100 * US));
    Task spin = k.newTask("spinner", spinner(why, true));
    k.start(sleeper, 0);
    k.start(spin, 0);
    k.startTicks();
    // The woken task does not lead by the wakeup granularity, so the tick that ends the
    // spinner's slice (20 ms / 2 tasks) sets need_resched.
    sim.runUntil(30 * MS);
    assertEquals(List.of(WaitReason.NEED_RESCHED), why);
    assertTrue(sleeper.runPs() > MS, "the woken task got the CPU: " + sleeper.runPs());
  }

  @Test
  void aSpinnerWithPreemptionOffKeepsTheCpu() {
    Simulation sim = new Simulation();
    Machine m = TestMachines.machine(1);
    Kernel k = new Kernel(sim, m, SchedConfig.defaults(), null);
    List<WaitReason> why = new ArrayList<>();
    Task sleeper = k.newTask("sleeper", sleeper(100 * US));
    Task spin = k.newTask("spinner", spinner(why, false));
    k.start(sleeper, 0);
    k.start(spin, 0);
    k.startTicks();
    sim.runUntil(50 * MS);
    assertEquals(List.of(), why);
    assertTrue(sleeper.runPs() < 100 * US, "the woken task never ran: " + sleeper.runPs());
    var s = k.counters().snapshot(sim.now());
    assertTrue(s.cpuModePs()[0][CpuMode.SPINNING.ordinal()] > 40 * MS);
  }

  @Test
  void anIdleCpuPullsQueuedWorkAndTheMoveCountsAsAMigration() {
    Simulation sim = new Simulation();
    Machine m = TestMachines.machine(2);
    Kernel k = new Kernel(sim, m, SchedConfig.defaults(), null);
    List<Task> tasks = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      Task t = k.newTask("burn" + i, sleeper(0));
      tasks.add(t);
      k.start(t, 0);
    }
    k.startTicks();
    sim.runUntil(4 * MS);
    var s = k.counters().snapshot(sim.now());
    assertTrue(s.migrations() >= 1, "migrations " + s.migrations());
    assertEquals(s.migrations(), tasks.stream().mapToLong(Task::migrations).sum());
    assertTrue(s.busy(1) > 2 * MS, "CPU 1 stayed idle: " + s.busy(1));
  }

  /**
   * Why: CFS places a new task one virtual slice behind min_vruntime (place_entity with
   * START_DEBIT), so a task started beside a running one waits for that one's slice and does
   * not carry a slice of credit with it; before, a new task started at min_vruntime itself.
   */
  @Test
  void aNewTaskStartsOneSliceBehind() {
    Simulation sim = new Simulation();
    Machine m = TestMachines.machine(1);
    Kernel k = new Kernel(sim, m, SchedConfig.defaults(), null);
    Task first = k.newTask("first", sleeper(0));
    Task second = k.newTask("second", sleeper(0));
    Task third = k.newTask("third", sleeper(0));
    k.start(first, 0);
    k.start(second, 0);
    k.start(third, 0);
    // Alone on the CPU, the first starts a whole period (20 ms) behind min_vruntime, 0; it runs,
    // and min_vruntime follows it to 20 ms. The second, beside one task, starts the slice of
    // two (10 ms) behind that; the third, beside two, the slice of three (20 / 3 ms).
    assertEquals(20 * MS, first.vruntime);
    assertEquals(30 * MS, second.vruntime);
    assertEquals(20 * MS + 20 * MS / 3, third.vruntime);
  }
}
