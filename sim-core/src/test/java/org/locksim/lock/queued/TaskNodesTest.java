package org.locksim.lock.queued;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.locksim.cpu.ModelCatalog;
import org.locksim.machine.CacheLine;
import org.locksim.machine.Machine;
import org.locksim.machine.TestMachines;
import org.locksim.scenario.MachineReader;

/**
 * Why: a task allocates and first writes its own MCS node, so first-touch placement puts the
 * node's memory on the socket the task runs on, and a hand-off to it never detours through a
 * third socket's home. Homed by address hash, as an ordinary line is, most of these nodes of an
 * eight-socket machine would be homed on another socket.
 */
class TaskNodesTest {
  private static final Machine OPTERON = new Machine(
      new MachineReader(ModelCatalog.bundled()).bundled("opteron-8431-8s"), TestMachines.smpKernel());

  private static int socket(int cpu) {
    return OPTERON.cpu(cpu).slot().socket();
  }

  @Test
  void aTasksNodeIsHomedOnTheSocketItFirstQueuedFrom() {
    TaskNodes nodes = new TaskNodes(OPTERON, "node", 2);
    int cpus = OPTERON.cpuCount();
    for (int id = 0; id < 16; id++) {
      int cpu = (id * 7) % cpus;
      CacheLine n = nodes.mine(id, cpu);
      assertEquals(socket(cpu), socket(n.homeSlot()), "task " + id + " on CPU " + cpu);
      assertSame(n, nodes.mine(id, (cpu + 6) % cpus), "made once: first touch decides");
      assertSame(n, nodes.of(id));
    }
  }

  @Test
  void aNodeNoTaskHasMadeIsAnError() {
    TaskNodes nodes = new TaskNodes(OPTERON, "node", 2);
    nodes.mine(3, 0);
    assertThrows(IllegalStateException.class, () -> nodes.of(2));
    assertThrows(IllegalStateException.class, () -> nodes.of(4));
  }
}
