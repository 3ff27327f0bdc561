package org.locksim.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.locksim.cpu.CpuModel;
import org.locksim.cpu.ModelCatalog;
import org.locksim.engine.Simulation;
import org.locksim.machine.HomeRules;
import org.locksim.machine.Machine;
import org.locksim.machine.TestMachines;
import org.locksim.scenario.MachineReader;

/**
 * Why: a CPU's time is told to observers interval by interval with the task it ran, -1 for
 * none, and traces and the desktop app label each interval with that task. A CPU that no task
 * has run on yet is idle with no task: its intervals must say -1, not the id of the first task
 * the kernel made (which labelled every unused CPU of a locktorture run with its stutter
 * thread's name).
 */
class IdleCpuIntervalTest {
  private static final CpuModel BROADWELL =
      new MachineReader(ModelCatalog.bundled()).bundled("xeon-e5-2695v4-2s");

  @Test
  void aCpuNoTaskRanOnIsIdleWithNoTask() {
    record Interval(int cpu, CpuMode mode, int task) { }
    List<Interval> seen = new ArrayList<>();
    KernelObserver observer = new KernelObserver() {
      @Override
      public void cpuInterval(int cpu, CpuMode mode, String fn, int task, long from, long to) {
        seen.add(new Interval(cpu, mode, task));
      }
    };
    Simulation sim = new Simulation();
    Machine machine = new Machine(BROADWELL, TestMachines.smpKernel(), HomeRules.of(BROADWELL.coherence()));
    Kernel kernel = new Kernel(sim, machine, SchedConfig.defaults(), observer);
    Routine worker = new Routine("worker") {
      @Override
      public void step(Kernel k) {
        if (k.pc() == 0) {
          k.compute(SchedConfig.MS, 1, true);
          k.next(1);
        } else {
          k.exit();
        }
      }
    };
    Task t = kernel.newTask("worker", worker);
    kernel.start(t, 0);
    sim.runUntil(2 * SchedConfig.MS);
    kernel.counters().snapshot(sim.now());
    assertTrue(seen.stream().anyMatch(i -> i.cpu() == 0 && i.task() == t.id), "CPU 0 ran the worker");
    List<Interval> other = seen.stream().filter(i -> i.cpu() == 1).toList();
    assertEquals(List.of(new Interval(1, CpuMode.IDLE, -1)), other);
  }
}
