package org.locksim.lock.rw;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.locksim.metrics.LockStats;
import org.locksim.run.RunResult;
import org.locksim.run.Simulator;
import org.locksim.scenario.Scenario;
import org.locksim.scenario.ScenarioLoader;
import org.locksim.scenario.json.JsonTree;

/**
 * Why: v5.12 rwsem's lock events are counted where its rwsem.c counts them, so each contended
 * acquisition is counted once by the event of the path that took it: a writer's by
 * {@code rwsem_opt_lock} (while spinning) or {@code rwsem_wlock} (from the wait list), a
 * reader's by {@code rwsem_rlock_steal}, {@code rwsem_rlock_fast} or {@code rwsem_rlock}
 * (granted after waiting); and a wait-list waiter that slept counts its returns from
 * {@code schedule()}. The rwsem's {@code wait_lock} is a qspinlock, whose events come first,
 * as they do in the kernel's list. v5.10's list is not kept: it gives the {@code wait_lock}'s
 * alone.
 */
class RwSemLockEventsTest {
  private static RunResult run(String variant) {
    Path file = Path.of("..", "scenarios", "rwlocks-2s72t.json");
    List<Scenario> s = ScenarioLoader.standard().loadChosen(JsonTree.read(file),
        file.toString(), List.of("run.warmupMs=0.5", "run.durationMs=1"), List.of(variant));
    return Simulator.run(s.get(0), 1);
  }

  /** Within the window's edges, where a wait counted on one side is acquired on the other. */
  private static void assertAbout(long expected, long actual, String what) {
    assertTrue(Math.abs(expected - actual) <= 8, what + ": " + actual + " against " + expected);
  }

  @Test
  void everyContendedAcquisitionIsCountedByTheEventOfItsPath() {
    RunResult r = run("rwsem");
    Map<String, Long> e = r.lockEvents();
    List<String> names = List.copyOf(e.keySet());
    assertEquals(List.of("lock_pending", "lock_slowpath", "lock_use_node2", "lock_use_node3", "lock_use_node4",
        "lock_no_node", "rwsem_sleep_reader", "rwsem_sleep_writer", "rwsem_wake_reader", "rwsem_wake_writer",
        "rwsem_opt_lock", "rwsem_opt_fail", "rwsem_opt_nospin", "rwsem_rlock", "rwsem_rlock_steal",
        "rwsem_rlock_fast", "rwsem_rlock_fail", "rwsem_rlock_handoff", "rwsem_wlock", "rwsem_wlock_fail",
        "rwsem_wlock_handoff"), names);
    LockStats l = r.locks().get(0);
    long writers = l.side(false).contentions();
    long readers = l.side(true).contentions();
    assertTrue(writers > 0 && readers > 0, l.toString());
    assertAbout(writers, e.get("rwsem_opt_lock") + e.get("rwsem_wlock"), "writers' acquisition events");
    assertAbout(readers, e.get("rwsem_rlock") + e.get("rwsem_rlock_steal") + e.get("rwsem_rlock_fast"),
        "readers' acquisition events");
    assertTrue(e.get("rwsem_opt_lock") > 0 && e.get("rwsem_rlock_steal") > 0 && e.get("rwsem_rlock") > 0, e.toString());
    assertTrue(e.get("rwsem_sleep_reader") >= e.get("rwsem_rlock") / 2, "queued readers sleep: " + e);
    assertEquals(0L, e.get("rwsem_rlock_fail") + e.get("rwsem_wlock_fail"), "no signals");
  }

  @Test
  void v510GivesTheWaitLocksEventsAlone() {
    Map<String, Long> e = run("rwsem-v5.10").lockEvents();
    assertTrue(e.containsKey("lock_slowpath"), e.toString());
    assertFalse(e.keySet().stream().anyMatch(k -> k.startsWith("rwsem_")), e.toString());
  }
}
