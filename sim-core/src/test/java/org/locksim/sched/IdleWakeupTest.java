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
    return wake(idlePs, 1)[0];
  }

  /**
   * A sleeper on CPU 0 woken by a task on {@code wakerCpu} after {@code idlePs} of work: how
   * long after the wake the sleeper resumed, and how long the wake took the waker.
   */
  private static long[] wake(long idlePs, int wakerCpu) {
    Simulation sim = new Simulation();
    Machine machine = new Machine(BROADWELL, TestMachines.smpKernel(),
        HomeRules.of(BROADWELL.coherence()));
    Kernel kernel = new Kernel(sim, machine, SchedConfig.defaults(), null);
    WaitQueue q = new WaitQueue("q");
    long[] woke = new long[3];
    Routine sleeper = Sleepers.once(q, k -> woke[1] = k.now());
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
            k.next(2);
          }
          case 2 -> {
            woke[2] = k.now();
            k.exit();
          }
          default -> throw new IllegalStateException("pc " + k.pc());
        }
      }
    };
    kernel.start(kernel.newTask("sleeper", sleeper), 0);
    kernel.start(kernel.newTask("waker", waker), wakerCpu);
    sim.runUntil(10 * SchedConfig.MS);
    return new long[] {woke[1] - woke[0], woke[2] - woke[0]};
  }

  /** The first CPU of the other socket than CPU 0's. */
  private static int otherSocket() {
    Machine m = new Machine(BROADWELL, TestMachines.smpKernel(), HomeRules.of(BROADWELL.coherence()));
    for (int c = 0; c < m.cpuCount(); c++) {
      if (m.cpu(c).slot().socket() != m.cpu(0).slot().socket()) {
        return c;
      }
    }
    throw new IllegalStateException("one socket");
  }

  /*
   * Why: the waker takes the target run queue's lock, whose line the target CPU last held; a
   * waker on the other socket fetches it across the interconnect, and pays the difference of
   * the two transfers (the model's core-to-core figures, V7) over a waker beside it.
   */
  @Test
  void aWakerOnTheOtherSocketFetchesTheRunQueueLockFromThere() {
    long near = wake(5 * US, 1)[1];
    long far = wake(5 * US, otherSocket())[1];
    assertEquals(BROADWELL.transferNs(BROADWELL.topology().cpus().get(0),
        BROADWELL.topology().cpus().get(otherSocket())) * 1000
        - BROADWELL.transferNs(BROADWELL.topology().cpus().get(0), BROADWELL.topology().cpus().get(1)) * 1000,
        far - near);
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
