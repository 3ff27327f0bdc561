package org.locksim.sched;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.locksim.cpu.Instr;
import org.locksim.engine.Simulation;
import org.locksim.lock.Lock;
import org.locksim.lock.LockEnv;
import org.locksim.lock.LockParams;
import org.locksim.lock.LockRegistry;
import org.locksim.machine.Machine;
import org.locksim.machine.TestMachines;

/**
 * Why: four scheduler and kernel bugs a review found, each pinned by the scenario that showed
 * it: a resumed compute burst that could not be preempted, a min_vruntime that did not follow
 * the running task (unbounded sleeper credit), and a wakeup IPI that hit the next task on its
 * CPU. (The fourth, watcher lists that grew on owners that never left their CPU, went with
 * the lists: a spin wait's owner is now per-CPU state.)
 */
class SchedulerRegressionTest {
  private static final long MS = SchedConfig.MS;
  private static final long US = MS / 1000;
  private static final long NS = US / 1000;

  /** Longest uninterrupted RUNNING stretch of any task. */
  static final class Runs implements KernelObserver {
    final long[] since = new long[16];
    long longest;
    int switchesIn;

    @Override
    public void taskState(Task t, TaskState s, long at) {
      if (s == TaskState.RUNNING) {
        since[t.id] = at;
        switchesIn++;
      } else if (since[t.id] >= 0) {
        longest = Math.max(longest, at - since[t.id]);
        since[t.id] = -1;
      }
    }
  }

  static Routine oneBurst(long ps, boolean privateCostFirst) {
    return new Routine("burn") {
      @Override
      public void step(Kernel k) {
        if (k.pc() == 0) {
          if (privateCostFirst) {
            k.exec(Instr.LOAD, 1);
          }
          k.compute(ps, 1, true);
          k.next(1);
        } else {
          k.exit();
        }
      }
    };
  }

  /** Two 100 ms user bursts on one CPU: CFS should alternate them in ~10 ms slices. */
  @Test
  void resumedBurstIsNotPreemptible() {
    for (boolean exec : new boolean[] {false, true}) {
      Simulation sim = new Simulation();
      Machine m = TestMachines.machine(1);
      Runs runs = new Runs();
      Kernel k = new Kernel(sim, m, SchedConfig.defaults(), runs);
      for (int i = 0; i < 2; i++) {
        k.start(k.newTask("b" + i, oneBurst(100 * MS, exec)), 0);
      }
      k.startTicks();
      sim.runUntil(400 * MS);
      org.junit.jupiter.api.Assertions.assertTrue(runs.longest < 15 * MS,
          "exec first " + exec + ": a task ran " + runs.longest / (double) MS + " ms at a stretch");
      org.junit.jupiter.api.Assertions.assertTrue(runs.switchesIn >= 15, "switch-ins " + runs.switchesIn);
    }
  }

  /**
   * A runs alone for 500 ms; B wakes from a sleep and computes 1 ms bursts. With min_vruntime
   * tracking A, B's credit is at most latency/2 (10 ms); here A waits for B's whole run.
   */
  @Test
  void staleMinVruntimeGivesUnboundedSleeperCredit() {
    Simulation sim = new Simulation();
    Machine m = TestMachines.machine(1);
    Kernel k = new Kernel(sim, m, SchedConfig.defaults(), null);
    Routine sleeperThenBurn = new Routine("b") {
      @Override
      public void step(Kernel kk) {
        if (kk.pc() == 0) {
          kk.sleep(500 * MS);
          kk.next(1);
        } else {
          kk.compute(MS, 1, true);
          kk.next(1);
        }
      }
    };
    Routine burn = new Routine("a") {
      @Override
      public void step(Kernel kk) {
        kk.compute(MS, 1, true);
        kk.next(0);
      }
    };
    Task b = k.newTask("b", sleeperThenBurn);
    Task a = k.newTask("a", burn);
    k.start(b, 0);
    k.start(a, 0);
    k.startTicks();
    sim.runUntil(500 * MS);
    long aBefore = a.runPs + (a.state == TaskState.RUNNING ? sim.now() - a.execStart : 0);
    sim.runUntil(900 * MS);
    long aAfter = a.runPs + (a.state == TaskState.RUNNING ? sim.now() - a.execStart : 0);
    double ran = (aAfter - aBefore) / (double) MS;
    org.junit.jupiter.api.Assertions.assertTrue(ran > 150 && ran < 250,
        "A ran " + ran + " ms of the 400 ms after B woke (fair share ~200 ms)");
  }

  /**
   * The wakeup-preemption IPI is not tied to the task it was meant for: X exits before it lands
   * and the woken task T, alone on CPU 1, gets need_resched and stops spinning.
   */
  @Test
  void staleReschedIpiHitsTheNextTask() {
    Simulation sim = new Simulation();
    Machine m = TestMachines.machine(2);
    Kernel k = new Kernel(sim, m, SchedConfig.defaults(), null);
    WaitQueue q = new WaitQueue("q");
    long[] wokeAt = {-1};
    List<WaitReason> why = new ArrayList<>();
    Routine t = new Routine("t") {
      @Override
      public void step(Kernel kk) {
        switch (kk.pc()) {
          case 0 -> {
            kk.prepareToWait(q);
            kk.schedule();
            kk.next(1);
          }
          case 1 -> {
            kk.preemptDisable();
            kk.spinWait(null, 200 * US, null, true);
            kk.next(2);
          }
          case 2 -> {
            why.add(WaitReason.of(kk.result()));
            kk.preemptEnable();
            kk.exit();
          }
          default -> throw new IllegalStateException();
        }
      }
    };
    Routine x = new Routine("x") {
      @Override
      public void step(Kernel kk) {
        if (wokeAt[0] >= 0 && kk.now() >= wokeAt[0] + 100 * NS) {
          kk.exit();
        } else {
          kk.compute(100 * NS, 1, true);
          kk.next(0);
        }
      }
    };
    Routine w = new Routine("w") {
      @Override
      public void step(Kernel kk) {
        switch (kk.pc()) {
          case 0 -> {
            kk.sleep(10 * MS);
            kk.next(1);
          }
          case 1 -> {
            wokeAt[0] = kk.now();
            kk.wake(q, 1);
            kk.compute(5 * MS, 1, true);
            kk.next(2);
          }
          default -> kk.exit();
        }
      }
    };
    k.start(k.newTask("t", t), 1);
    k.start(k.newTask("x", x), 1);
    k.start(k.newTask("w", w), 0);
    k.startTicks();
    sim.runUntil(50 * MS);
    org.junit.jupiter.api.Assertions.assertEquals(List.of(WaitReason.TIMEOUT), why,
        "T, alone on CPU 1, must not see the need_resched meant for the task before it");
  }
}
