package org.locksim.sched;

import java.util.function.Consumer;
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

  /** What a task does to the line just before the step a test times ({@link #storeThen}). */
  enum StoreFirst {
    /** Stores into the line while a CPU of the other socket owns it: the store waits in the buffer. */
    FAR_STORE,
    /** Stores into the line it owns (it exchanged into it first): nothing waits. */
    OWN_STORE,
    /** Computes instead of storing. */
    NO_STORE
  }

  /** For {@link StoreFirst#FAR_STORE}, starts a task of socket 1 that takes the line first. */
  void farOwner(StoreFirst before) {
    if (before == StoreFirst.FAR_STORE) {
      start("owner", exchange(line, 1, 0, null, 0), 1, 0);
    }
  }

  /**
   * A task that takes {@code line} (unless {@code before} is {@link StoreFirst#FAR_STORE}), at
   * 10 us stores into it (or not, for {@link StoreFirst#NO_STORE}), records the time in
   * {@code at[0]}, runs {@code step}, and when {@code timeAfter} records the time its next step
   * starts in {@code at[1]} before it exits.
   */
  static Routine storeThen(CacheLine line, StoreFirst before, long[] at, Consumer<Kernel> step,
      boolean timeAfter) {
    return new Routine("store-then") {
      @Override
      public void step(Kernel k) {
        switch (k.pc()) {
          case 0 -> {
            if (before == StoreFirst.FAR_STORE) {
              k.compute(1, 0, false);
            } else {
              k.xchg(line, 0, 2);
            }
            k.next(1);
          }
          case 1 -> {
            k.compute(10_000_000 - k.now(), 1, true);
            k.next(2);
          }
          case 2 -> {
            if (before == StoreFirst.NO_STORE) {
              k.compute(1, 0, false);
            } else {
              k.store(line, 0, 0);
            }
            k.next(3);
          }
          case 3 -> {
            at[0] = k.now();
            step.accept(k);
            k.next(4);
          }
          case 4 -> {
            if (timeAfter) {
              at[1] = k.now();
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
