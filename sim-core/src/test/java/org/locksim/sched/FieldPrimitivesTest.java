package org.locksim.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.locksim.engine.Simulation;
import org.locksim.machine.CacheLine;
import org.locksim.machine.Machine;
import org.locksim.machine.TestMachines;

/**
 * Why: qspinlock's word has three fields that different CPUs write at once (a byte store of the
 * locked byte, a 16-bit xchg of the tail, a {@code lock bts} of pending), so the sub-word
 * primitives must change only their own bits, as they find the word when they are performed,
 * and a masked spin wait must sit through writes to the other fields without waking.
 */
class FieldPrimitivesTest {
  private static final long NS = 1_000;
  private static final long LOCKED = 0xffL;
  private static final long PENDING = 0xffL << 8;
  private static final long TAIL = 0xffffL << 16;

  private final Simulation sim = new Simulation();
  private final Machine m = TestMachines.machine(2);
  private final Kernel kernel = new Kernel(sim, m, SchedConfig.defaults(), null);
  private final CacheLine line = m.newLine("qspinlock", 1);

  /** Runs {@code ops} (each one timed action) on CPU {@code cpu} after {@code delayPs}. */
  private void run(int cpu, long delayPs, List<java.util.function.Consumer<Kernel>> ops) {
    kernel.start(kernel.newTask("t" + cpu, new Routine("ops") {
      @Override
      public void step(Kernel k) {
        int pc = k.pc();
        if (pc == 0) {
          k.sleep(delayPs);
        } else if (pc <= ops.size()) {
          ops.get(pc - 1).accept(k);
        } else {
          k.exit();
          return;
        }
        k.next(pc + 1);
      }
    }), cpu);
  }

  @Test
  void fieldStoresAndAtomicsChangeOnlyTheirBits() {
    line.init(0, 0x0003_0001L);
    long[] results = new long[3];
    run(0, 1, List.of(
        k -> k.storeField(line, 0, PENDING, 1L << 8),
        k -> k.xchgField(line, 0, TAIL, 0x0007_0000L),
        k -> {
          results[0] = k.result();
          k.fetchOr(line, 0, 1L << 40);
        },
        k -> {
          results[1] = k.result();
          k.fetchAndNot(line, 0, PENDING);
        },
        k -> {
          results[2] = k.result();
          k.storeField(line, 0, LOCKED, 0);
        }));
    sim.runUntil(10_000 * NS);
    assertEquals(0x0003_0101L, results[0], "the xchg's result is the whole old word");
    assertEquals(0x0007_0101L, results[1]);
    assertEquals((1L << 40) | 0x0007_0101L, results[2]);
    assertEquals((1L << 40) | 0x0007_0000L, line.peek(0));
  }

  @Test
  void aMaskedWaitSitsThroughWritesToOtherFields() {
    line.init(0, 0x1L);
    List<Long> seen = new ArrayList<>();
    run(0, 1, List.of(
        k -> k.load(line, 0),
        k -> k.spinUntilMasked(line, 0, LOCKED | PENDING, 0, 0, null, false),
        k -> {
          seen.add(k.seen(0));
          seen.add(k.now());
          k.exit();
        }));
    run(1, 1_000 * NS, List.of(
        k -> k.xchgField(line, 0, TAIL, 0x0001_0000L),
        k -> k.sleep(1_000 * NS),
        k -> k.xchgField(line, 0, TAIL, 0x0002_0000L),
        k -> k.sleep(1_000 * NS),
        k -> k.storeField(line, 0, LOCKED, 0)));
    // Each sleep ends with the CPU leaving C1 (1 us) and switching back in.
    sim.runUntil(20_000 * NS);
    assertEquals(2, seen.size(), "the wait ended once");
    assertEquals(0x0002_0000L, seen.get(0), "it saw the tail kept and the locked byte clear");
    assertTrue(seen.get(1) > 3_000 * NS, "it ended after the byte store, at " + seen.get(1));
  }
}
