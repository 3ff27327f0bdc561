package org.locksim.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.locksim.cpu.CpuModel;
import org.locksim.cpu.ModelCatalog;
import org.locksim.machine.HomeRules;
import org.locksim.machine.Machine;
import org.locksim.machine.TestMachines;
import org.locksim.scenario.MachineReader;

/**
 * Why: a migration's cost is the working set refetched from where the task left it, so it
 * depends on how far the task moved and on the workload's working set, not on one figure per
 * machine: nearly nothing between SMT siblings (shared caches), lines times the on-socket
 * transfer within a socket, lines times the remote one across sockets, each divided by the
 * misses the core overlaps.
 */
class WorkingSetRefillTest {
  private static final CpuModel BROADWELL = new MachineReader(ModelCatalog.bundled()).bundled("xeon-e5-2695v4-2s");

  @Test
  void aMoveCostsTheLinesTimesItsDistanceOverTheMissesInFlight() {
    Machine m = new Machine(BROADWELL, TestMachines.smpKernel(), HomeRules.of(BROADWELL.coherence()));
    WorkingSetRefill refill = new WorkingSetRefill(m);
    int sibling = -1;
    int sameSocket = -1;
    int otherSocket = -1;
    for (int c = 1; c < m.cpuCount(); c++) {
      boolean socket0 = m.cpu(c).slot().socket() == 0;
      boolean core0 = socket0 && m.cpu(c).slot().core() == m.cpu(0).slot().core();
      if (core0 && sibling < 0) {
        sibling = c;
      } else if (socket0 && !core0 && sameSocket < 0) {
        sameSocket = c;
      } else if (!socket0 && otherSocket < 0) {
        otherSocket = c;
      }
    }
    double inFlight = BROADWELL.coherence().missesInFlight().value();
    assertEquals(5, inFlight);
    assertEquals(Math.round(1000 * (double) m.transferPs(0, otherSocket) / inFlight), refill.ps(1000, 0, otherSocket));
    long across = refill.ps(1000, 0, otherSocket);
    long within = refill.ps(1000, 0, sameSocket);
    long siblings = refill.ps(1000, 0, sibling);
    assertTrue(across > 2.5 * within, across + " ps across sockets, " + within + " within");
    assertTrue(siblings < within / 50, siblings + " ps between siblings, " + within + " within a socket");
    assertEquals(2 * refill.ps(500, 0, sameSocket), refill.ps(1000, 0, sameSocket), 1);
    assertEquals(0, refill.ps(0, 0, otherSocket));
  }
}
