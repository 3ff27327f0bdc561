package org.locksim.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.locksim.cpu.CpuModel;
import org.locksim.cpu.ModelCatalog;
import org.locksim.engine.Simulation;
import org.locksim.machine.CacheLine;
import org.locksim.machine.HomeRules;
import org.locksim.machine.Machine;
import org.locksim.machine.TestMachines;
import org.locksim.scenario.MachineReader;

/**
 * Why: requests for a line are ordered where they reach it, not where they were issued. On the
 * two-socket Broadwell a CPU of socket 0 owns the line; a CPU of socket 1 issues an exchange,
 * and a few nanoseconds later a CPU of socket 0 issues one too. The near request gets to the
 * owner's socket first (half of an on-socket transfer against half of a cross-socket one), so
 * it is served first and reads the owner's value, and the far one reads the near one's. Issued
 * far enough apart, the far request is served first, as it is issued first.
 */
class RequestOrderTest {
  private static final long NS = 1_000;
  private static final long OWNER = 1;
  private static final long FAR = 2;
  private static final long NEAR = 3;

  @Test
  void aNearRequestIssuedJustAfterAFarOneIsServedFirst() {
    long[] seen = race(5 * NS);
    assertEquals(OWNER, seen[1], "the near exchange reads the owner's value");
    assertEquals(NEAR, seen[0], "the far exchange reads the near one's");
  }

  @Test
  void aNearRequestIssuedWellAfterAFarOneIsServedSecond() {
    long[] seen = race(300 * NS);
    assertEquals(OWNER, seen[0], "the far exchange reads the owner's value");
    assertEquals(FAR, seen[1], "the near exchange reads the far one's");
  }

  /** What the far and the near exchange read, the near one issued {@code lagPs} after the far. */
  private static long[] race(long lagPs) {
    CpuModel model = new MachineReader(ModelCatalog.bundled()).bundled("xeon-e5-2695v4-2s");
    Machine m = new Machine(model, TestMachines.smpKernel(), HomeRules.of(model.coherence()));
    Simulation sim = new Simulation();
    Kernel k = new Kernel(sim, m, SchedConfig.defaults(), null);
    CacheLine line = m.newLine("lock", 1);
    long[] seen = new long[2];
    k.start(k.newTask("owner", exchange(line, OWNER, 0, null, 0)), cpu(m, 0, 0));
    k.start(k.newTask("far", exchange(line, FAR, 1_000 * NS, seen, 0)), cpu(m, 1, 0));
    k.start(k.newTask("near", exchange(line, NEAR, 1_000 * NS + lagPs, seen, 1)), cpu(m, 0, 1));
    sim.runUntil(SchedConfig.MS);
    return seen;
  }

  /** A task that computes for {@code afterPs}, exchanges {@code value} into the line and records what it read. */
  private static Routine exchange(CacheLine line, long value, long afterPs, long[] seen, int slot) {
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
  private static int cpu(Machine m, int socket, int nth) {
    int found = 0;
    for (int c = 0; c < m.cpuCount(); c++) {
      if (m.cpu(c).slot().socket() == socket && m.cpu(c).slot().thread() == 0 && found++ == nth) {
        return c;
      }
    }
    throw new IllegalStateException("no core " + nth + " on socket " + socket);
  }
}
