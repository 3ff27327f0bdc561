package org.locksim.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.locksim.cpu.CpuModel;
import org.locksim.cpu.Instr;
import org.locksim.cpu.ModelCatalog;
import org.locksim.engine.Simulation;
import org.locksim.machine.HomeRules;
import org.locksim.machine.Machine;
import org.locksim.machine.TestMachines;
import org.locksim.scenario.MachineReader;

/**
 * Why: two hardware threads of one core share its execution units, so two bursts computed
 * together each take longer than alone, by the core's SMT throughput; a sibling that spins or
 * idles takes nothing, and a burst that a sibling joins half-way is re-timed from there. Priced
 * instruction paths (lock code) share the core the same way while a sibling computes.
 */
class SmtShareTest {
  private static final long MS = 1_000_000_000L;
  /** The wakeup from the first sleep and the ticks that interrupt a burst: a few microseconds. */
  private static final long SLACK = 20_000_000L;
  /** The Pentium 4 of seed 004: one core, two Hyper-Threading threads, smtThroughput 1.2. */
  private static final CpuModel P4 = new MachineReader(ModelCatalog.bundled()).bundled("pentium4");

  /** When each of the bursts ({@code startPs}, {@code lengthPs}) on CPUs 0 and 1 ends. */
  private static long[] ends(long start0, long len0, long start1, long len1) {
    Simulation sim = new Simulation();
    Machine m = new Machine(P4, TestMachines.smpKernel(), HomeRules.of(P4.coherence()));
    Kernel k = new Kernel(sim, m, SchedConfig.defaults(), null);
    long[] out = new long[2];
    long[][] plan = {{start0, len0}, {start1, len1}};
    for (int c = 0; c < 2; c++) {
      int cpu = c;
      Routine r = new Routine("burst") {
        @Override
        public void step(Kernel kk) {
          switch (kk.pc()) {
            case 0 -> {
              kk.sleep(plan[cpu][0]);
              kk.next(1);
            }
            case 1 -> {
              kk.compute(plan[cpu][1], 1, false);
              kk.next(2);
            }
            default -> {
              out[cpu] = kk.now();
              kk.exit();
            }
          }
        }
      };
      if (plan[cpu][1] > 0) {
        k.start(k.newTask("t" + cpu, r), cpu);
      }
    }
    sim.runUntil(100 * MS);
    return out;
  }

  @Test
  void aBurstAloneRunsAtFullSpeed() {
    long[] e = ends(MS, MS, 0, 0);
    assertEquals(2 * MS, e[0], SLACK);
  }

  @Test
  void twoBurstsTogetherShareTheCore() {
    // Each thread at 1.2 / 2 = 0.6 of its speed: 1 ms of work takes 1.667 ms.
    long[] e = ends(MS, MS, MS, MS);
    assertEquals(MS + Math.round(MS / 0.6), e[0], SLACK);
    assertEquals(e[0], e[1], SLACK);
  }

  @Test
  void aBurstJoinedHalfWayIsRetimedFromThere() {
    // CPU 0: 1 ms of work from 1 ms; CPU 1 joins at 1.5 ms with 1 ms of work. CPU 0 has done
    // 0.5 ms alone; its other 0.5 ms at 0.6 takes 0.833 ms, so it ends at 2.333 ms. CPU 1 did
    // 0.833 x 0.6 = 0.5 ms by then, and its other 0.5 ms alone ends at 2.833 ms.
    long[] e = ends(MS, MS, 3 * MS / 2, MS);
    assertEquals(MS + MS / 2 + Math.round(MS / 2 / 0.6), e[0], SLACK);
    assertEquals(e[0] + MS / 2, e[1], SLACK);
  }

  /**
   * How long a priced path of {@code calls} calls takes on CPU 0 at 2 ms, while CPU 1 does
   * {@code sibling}: 0 idles, 1 computes a burst from 1 ms to 3 ms, 2 spins in a pause loop.
   */
  private static long pathTime(int sibling, int calls) {
    Simulation sim = new Simulation();
    Machine m = new Machine(P4, TestMachines.smpKernel(), HomeRules.of(P4.coherence()));
    Kernel k = new Kernel(sim, m, SchedConfig.defaults(), null);
    long[] took = new long[1];
    k.start(k.newTask("path", new Routine("path") {
      long began;

      @Override
      public void step(Kernel kk) {
        switch (kk.pc()) {
          case 0 -> {
            kk.sleep(2 * MS);
            kk.next(1);
          }
          case 1 -> {
            began = kk.now();
            kk.exec(Instr.CALL, calls);
            kk.next(2);
          }
          default -> {
            took[0] = kk.now() - began;
            kk.exit();
          }
        }
      }
    }), 0);
    if (sibling > 0) {
      k.start(k.newTask("sibling", new Routine("sibling") {
        @Override
        public void step(Kernel kk) {
          switch (kk.pc()) {
            case 0 -> {
              kk.sleep(MS);
              kk.next(1);
            }
            case 1 -> {
              if (sibling == 1) {
                kk.compute(2 * MS, 1, false);
              } else {
                kk.spinWait(null, 2 * MS, null, false);
              }
              kk.next(2);
            }
            default -> kk.exit();
          }
        }
      }), 1);
    }
    sim.runUntil(100 * MS);
    return took[0];
  }

  @Test
  void aPricedPathSharesTheCoreWithABusySiblingOnly() {
    long alone = pathTime(0, 10_000);
    assertEquals(Math.round(alone / 0.6), pathTime(1, 10_000), 2);
    assertEquals(alone, pathTime(2, 10_000));
  }
}
