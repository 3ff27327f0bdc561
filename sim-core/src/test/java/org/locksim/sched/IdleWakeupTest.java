package org.locksim.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.locksim.cpu.CpuModel;
import org.locksim.cpu.ModelCatalog;
import org.locksim.engine.Simulation;
import org.locksim.machine.HomeRules;
import org.locksim.machine.Machine;
import org.locksim.machine.TestMachines;
import org.locksim.scenario.MachineReader;

/**
 * Why: waking a CPU costs what its idle state costs to leave. A CPU idle for a few
 * microseconds sits in C1 and starts the woken task one IPI later; one idle for a millisecond
 * has reached the deepest state whose target residency it passed (C6 on Broadwell-EP: 133 us
 * to exit against C1's 2 us, intel_idle's bdw_cstates), and the task starts 131 us later
 * still. A CPU that is running something is interrupted without leaving any idle state.
 */
class IdleWakeupTest {
  private static final long US = 1_000_000;
  private static final CpuModel BROADWELL =
      new MachineReader(ModelCatalog.bundled()).bundled("xeon-e5-2695v4-2s");

  /** When the task that {@code idlePs} of work on CPU 1 wakes resumes on idle CPU 0. */
  private static long resumedAfter(long idlePs) {
    Simulation sim = new Simulation();
    Machine machine = new Machine(BROADWELL, TestMachines.smpKernel(),
        HomeRules.of(BROADWELL.coherence()));
    Kernel kernel = new Kernel(sim, machine, SchedConfig.defaults(), null);
    WaitQueue q = new WaitQueue("q");
    long[] woke = new long[2];
    Routine sleeper = new Routine("sleeper") {
      @Override
      public void step(Kernel k) {
        switch (k.pc()) {
          case 0 -> {
            k.prepareToWait(q);
            k.schedule();
            k.next(1);
          }
          case 1 -> {
            woke[1] = k.now();
            k.finishWait(q);
            k.exit();
          }
          default -> throw new IllegalStateException("pc " + k.pc());
        }
      }
    };
    Routine waker = new Routine("waker") {
      @Override
      public void step(Kernel k) {
        switch (k.pc()) {
          case 0 -> {
            k.compute(idlePs, 1, true);
            k.next(1);
          }
          case 1 -> {
            woke[0] = k.now();
            k.wakeFirstInPlace(q);
            k.exit();
          }
          default -> throw new IllegalStateException("pc " + k.pc());
        }
      }
    };
    kernel.start(kernel.newTask("sleeper", sleeper), 0);
    kernel.start(kernel.newTask("waker", waker), 1);
    sim.runUntil(10 * SchedConfig.MS);
    return woke[1] - woke[0];
  }

  /** How late a task that sleeps {@code sleepPs} alone on its CPU resumes: the exit, no IPI. */
  private static long lateAfterSleeping(long sleepPs) {
    Simulation sim = new Simulation();
    Machine machine = new Machine(BROADWELL, TestMachines.smpKernel(),
        HomeRules.of(BROADWELL.coherence()));
    Kernel kernel = new Kernel(sim, machine, SchedConfig.defaults(), null);
    long[] t = new long[2];
    Routine sleeper = new Routine("sleeper") {
      @Override
      public void step(Kernel k) {
        switch (k.pc()) {
          case 0 -> {
            t[0] = k.now();
            k.sleep(sleepPs);
            k.next(1);
          }
          case 1 -> {
            t[1] = k.now();
            k.exit();
          }
          default -> throw new IllegalStateException("pc " + k.pc());
        }
      }
    };
    kernel.start(kernel.newTask("sleeper", sleeper), 0);
    sim.runUntil(10 * SchedConfig.MS);
    return t[1] - t[0] - sleepPs;
  }

  @Test
  void aCpuWokenByItsOwnTimerPaysItsStatesWholeExit() {
    long shortSleep = lateAfterSleeping(5 * US);
    long longSleep = lateAfterSleeping(1_000 * US);
    // C1 (2 us) after 5 us, C6 (133 us) after a millisecond: the same switch in both.
    assertEquals(131 * US, longSleep - shortSleep);
  }

  @Test
  void aLongIdleCpuPaysTheDeeperStatesExit() {
    long shallow = resumedAfter(5 * US);
    long deep = resumedAfter(1_000 * US);
    assertEquals(131 * US, deep - shallow, "C6's exit latency beyond C1's");
  }

  @Test
  void anIdlePeriodBelowEveryDeeperResidencyCostsNoMore() {
    // 19 us: below C1E's 20 us target residency; 21 us: C1E, whose exit is 8 us longer.
    assertEquals(8 * US, resumedAfter(21 * US) - resumedAfter(19 * US));
  }
}
