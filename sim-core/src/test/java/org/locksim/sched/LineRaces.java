package org.locksim.sched;

import org.locksim.cpu.CpuModel;
import org.locksim.cpu.ModelCatalog;
import org.locksim.engine.Simulation;
import org.locksim.machine.CacheLine;
import org.locksim.machine.HomeRules;
import org.locksim.machine.Machine;
import org.locksim.machine.TestMachines;
import org.locksim.scenario.MachineReader;

/**
 * Races for one line on the two-socket Broadwell-EP, for the tests of where requests are
 * ordered ({@link RequestOrderTest}, {@link PostedStoreOrderTest}): a kernel with a line named
 * {@code lock}, tasks started on a chosen core of a chosen socket, and a task that exchanges a
 * value into the line after a delay and records what it read.
 */
final class LineRaces {
  final CpuModel model = new MachineReader(ModelCatalog.bundled()).bundled("xeon-e5-2695v4-2s");
  final Machine m = new Machine(model, TestMachines.smpKernel(), HomeRules.of(model.coherence()));
  final Simulation sim = new Simulation();
  final Kernel k = new Kernel(sim, m, SchedConfig.defaults(), null);
  final CacheLine line = m.newLine("lock", 1);

  /** Starts {@code r} as task {@code name} on the first thread of core {@code nth} of {@code socket}. */
  void start(String name, Routine r, int socket, int nth) {
    k.start(k.newTask(name, r), cpu(socket, nth));
  }

  /** Runs the simulation for a millisecond. */
  void run() {
    sim.runUntil(SchedConfig.MS);
  }

  /**
   * A task that computes for {@code afterPs}, exchanges {@code value} into {@code line} and
   * records what it read in {@code seen[slot]} (when {@code seen} is non-null).
   */
  static Routine exchange(CacheLine line, long value, long afterPs, long[] seen, int slot) {
    return new Routine("x" + value) {
      @Override
      public void step(Kernel k) {
        switch (k.pc()) {
          case 0 -> {
            if (afterPs > 0) {
              k.compute(afterPs, 0, false);
            }
            k.next(1);
          }
          case 1 -> {
            k.xchg(line, 0, value);
            k.next(2);
          }
          case 2 -> {
            if (seen != null) {
              seen[slot] = k.result();
            }
            k.exit();
          }
          default -> throw new IllegalStateException("pc " + k.pc());
        }
      }
    };
  }

  /** The first hardware thread of the {@code nth} core of {@code socket}. */
  int cpu(int socket, int nth) {
    int found = 0;
    for (int c = 0; c < m.cpuCount(); c++) {
      if (m.cpu(c).slot().socket() == socket && m.cpu(c).slot().thread() == 0 && found++ == nth) {
        return c;
      }
    }
    throw new IllegalStateException("no core " + nth + " on socket " + socket);
  }
}
