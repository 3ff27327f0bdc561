package org.locksim.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.locksim.metrics.LockSide;
import org.locksim.report.perf.PerfStatFormat;
import org.locksim.run.RunResult;
import org.locksim.run.Simulator;
import org.locksim.run.TaskCounts;
import org.locksim.scenario.Scenario;
import org.locksim.scenario.ScenarioLoader;
import org.locksim.scenario.json.InputError;

/**
 * Why: locktorture's reader threads ({@code lock_torture_reader} of kernel/locking/locktorture.c,
 * v5.12) hold the lock for reading with the read delays their type's source gives
 * ({@code rw_lock}: 10 us, 100 ms once in {@code 2000 * 100 * nreaders}; {@code rwsem_lock}: 50 ms,
 * 200 ms as rarely), run beside the writers, and end in a {@code Reads} line; readers share the
 * lock, so they are not failures, and lock_stat gives them their own {@code -R} row. A reader
 * count on an exclusive type, or a reader-writer type on an exclusive lock, is bad input.
 */
class LockTortureReadersTest {
  private static String scenario(String algorithm, String torture, String extra) {
    return """
        {
          "name": "t",
          "machine": "amd64-2s4c",
          "kernel": { "hz": 1000 },
          "locks": [ { "name": "l", "algorithm": "%s" } ],
          "workload": { "type": "locktorture", "lock": "l", "torture": "%s", "writers": 3%s },
          "run": { "warmupMs": 2, "durationMs": 6, "seed": 5 }
        }
        """.formatted(algorithm, torture, extra);
  }

  private static Scenario load(String text) {
    return ScenarioLoader.standard().load("t.json", text, List.of()).get(0);
  }

  @Test
  void anRwLockReaderHoldsTenMicrosecondsAndRarelyTheLongDelay() {
    SplittableRandom r = new SplittableRandom(3);
    int longOnes = 0;
    for (int i = 0; i < 1_000_000; i++) {
      long ps = TortureType.RW_LOCK.readDelayPs(r, 2, 100);
      if (ps == 100_000_000_000L) {
        longOnes++;
      } else {
        assertEquals(10_000_000, ps);
      }
    }
    // 1 / (2 * 2000 * 100): 2.5 expected in 10^6.
    assertTrue(longOnes <= 12, longOnes + " long read delays");
  }

  @Test
  void rwsemDelaysAreTenMillisecondsForWritersAndFiftyForReaders() {
    SplittableRandom r = new SplittableRandom(4);
    assertEquals(10_000_000_000L, TortureType.RWSEM_LOCK.writeDelayPs(r, 4, 0, 100));
    assertEquals(50_000_000_000L, TortureType.RWSEM_LOCK.readDelayPs(r, 4, 100));
    assertTrue(TortureType.RW_LOCK.readerWriter() && !TortureType.SPIN_LOCK.readerWriter());
  }

  @Test
  void readersAreAsManyAsWritersByDefault() {
    LockTorture t = (LockTorture) load(scenario("rw.qrwlock", "rw_lock", "")).workload();
    assertEquals(3, t.readers());
  }

  @Test
  void readersAndWritersEachGetTheirLineAndTheirRow() {
    Scenario s = load(scenario("rw.qrwlock", "rw_lock", ", \"readers\": 4"));
    RunResult r = Simulator.run(s, 5);
    assertTrue(r.violations().isEmpty(), r.violations().toString());
    assertEquals(2, r.taskCounts().size());
    TaskCounts writes = r.taskCounts().get(0);
    TaskCounts reads = r.taskCounts().get(1);
    assertEquals("Reads", reads.title());
    assertEquals(4, reads.acquired().length);
    // An acquisition is counted when it is made, an operation when the lock is let go: they
    // differ by the threads holding the lock at the window's two ends.
    assertTrue(Math.abs(r.ops() - writes.total() - reads.total()) <= 7, r.ops() + " ops");
    assertTrue(reads.min() > 0 && writes.min() > 0, reads + " " + writes);
    assertEquals(0, reads.fails());
    assertEquals(0, writes.fails());
    String text = PerfStatFormat.format(List.of(r));
    assertTrue(text.contains(String.format("Reads :  Total: %d  Max/Min: %d/%d", reads.total(),
        reads.max(), reads.min())), text);
    LockSide readSide = r.locks().get(0).side(true);
    // Holds are counted at release: a reader holding the lock at the end is not yet in them.
    assertTrue(Math.abs(readSide.holds() - reads.total()) <= 4, readSide.holds() + " " + reads.total());
    assertTrue(r.locks().get(0).side(false).holds() > 0);
  }

  @Test
  void rwLockIrqHasRwLocksDelaysAndReadersThatStoreTheFlagsToo() {
    SplittableRandom a = new SplittableRandom(9);
    SplittableRandom b = new SplittableRandom(9);
    for (int i = 0; i < 1000; i++) {
      assertEquals(TortureType.RW_LOCK.readDelayPs(a, 3, 100),
          TortureType.RW_LOCK_IRQ.readDelayPs(b, 3, 100));
      assertEquals(TortureType.RW_LOCK.writeDelayPs(a, 3, 2, 100),
          TortureType.RW_LOCK_IRQ.writeDelayPs(b, 3, 2, 100));
    }
    assertTrue(TortureType.RW_LOCK_IRQ.readerWriter() && TortureType.RW_LOCK_IRQ.irqsave());
    RunResult r = Simulator.run(
        load(scenario("rw.qrwlock", "rw_lock_irq", ", \"readers\": 4")), 5);
    assertTrue(r.violations().isEmpty(), r.violations().toString());
    TaskCounts writes = r.taskCounts().get(0);
    TaskCounts reads = r.taskCounts().get(1);
    assertTrue(reads.min() > 0 && writes.min() > 0, reads + " " + writes);
    assertEquals(0, reads.fails() + writes.fails());
  }

  @Test
  void readersOnAnExclusiveTypeOrLockAreBadInput() {
    InputError e = assertThrows(InputError.class,
        () -> load(scenario("rw.qrwlock", "spin_lock", ", \"readers\": 2")));
    assertEquals("$.workload.readers", e.path());
    assertTrue(e.message().contains("rw_lock, rw_lock_irq, rwsem_lock"), e.format());
    e = assertThrows(InputError.class, () -> load(scenario("queued.mcs", "rwsem_lock", "")));
    assertEquals("$.workload.torture", e.path());
    assertTrue(e.message().contains("exclusive"), e.format());
  }
}
