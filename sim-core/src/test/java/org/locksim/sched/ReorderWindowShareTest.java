package org.locksim.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.locksim.cpu.Cluster;
import org.locksim.cpu.CpuModel;
import org.locksim.cpu.ModelCatalog;
import org.locksim.cpu.Sourced;
import org.locksim.engine.Simulation;
import org.locksim.machine.HomeRules;
import org.locksim.machine.Machine;
import org.locksim.machine.TestMachines;
import org.locksim.scenario.MachineReader;

/**
 * Why: Hyper-Threading partitions a core's reorder buffer while both threads are active and
 * gives it whole to one thread when the other halts, so how far a critical section runs ahead
 * of its misses depends on what the sibling is doing: half the window beside a thread that
 * computes or spins, all of it beside an idle one.
 */
class ReorderWindowShareTest {
  private static final long US = 1_000_000L;
  /** The Pentium 4 of seed 004: one core, two threads, a 126-entry window, 63 each when shared. */
  private static final CpuModel P4 = new MachineReader(ModelCatalog.bundled()).bundled("pentium4");

  /**
   * The window CPU 0 sees at 10 us, with CPU 1's task doing {@code sibling} from the start
   * ("none": no task; "compute"; "sleep": asleep, its CPU idle).
   */
  private static int windowBeside(String sibling) {
    Simulation sim = new Simulation();
    Machine m = new Machine(P4, TestMachines.smpKernel(), HomeRules.of(P4.coherence()));
    Kernel k = new Kernel(sim, m, SchedConfig.defaults(), null);
    int[] seen = {-1};
    k.start(k.newTask("probe", new Routine("probe") {
      @Override
      public void step(Kernel kk) {
        if (kk.pc() == 0) {
          kk.sleep(10 * US);
          kk.next(1);
        } else {
          seen[0] = kk.reorderWindow();
          kk.exit();
        }
      }
    }), 0);
    if (!sibling.equals("none")) {
      k.start(k.newTask("sibling", new Routine("sibling") {
        @Override
        public void step(Kernel kk) {
          if (kk.pc() == 0) {
            if (sibling.equals("compute")) {
              kk.compute(100 * US, 1, false);
            } else {
              kk.sleep(100 * US);
            }
            kk.next(1);
          } else {
            kk.exit();
          }
        }
      }), 1);
    }
    sim.runUntil(50 * US);
    return seen[0];
  }

  @Test
  void aThreadAloneOnItsCoreHasTheWholeWindow() {
    assertEquals(126, windowBeside("none"));
  }

  @Test
  void aComputingSiblingTakesHalf() {
    assertEquals(63, windowBeside("compute"));
  }

  @Test
  void aSleepingSiblingHaltsItsThreadAndGivesItsHalfBack() {
    assertEquals(126, windowBeside("sleep"));
  }

  @Test
  void aModelThatGivesNoShareSplitsTheWindowEvenly() {
    Sourced window = new Sourced(192, "t");
    assertEquals(96, Cluster.evenShare(window, 2).value());
    assertEquals(192, Cluster.evenShare(window, 1).value());
  }
}
