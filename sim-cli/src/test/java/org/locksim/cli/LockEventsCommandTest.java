package org.locksim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Why: {@code run --lock-events} shows a run's lock event counts in the form a kernel developer
 * reads them from debugfs ({@code grep . *} in /sys/kernel/debug/lock_event_counts: one
 * {@code name:count} line each), and those are the counts {@code --json} carries for the same
 * run; a run whose locks count none says so rather than printing an empty block. A sweep takes
 * the counts as figures over the acquisitions, which are not figures of a lock without them.
 */
class LockEventsCommandTest {
  private static final String SPIN = Path.of("..", "scenarios", "spinlocks-2s72t.json").toString();
  private static final String[] QSPIN = {"run", SPIN, "--variant", "qspinlock", "--set", "run.warmupMs=0",
      "--set", "run.durationMs=0.5", "--set", "workload.tasks=8"};

  @Test
  void printsTheDebugfsCountsThatTheJsonCarries() throws Exception {
    MainTest.Outcome text = MainTest.run(VocabularyTest.concat(QSPIN, "--lock-events"));
    assertEquals(0, text.status(), text.err());
    assertTrue(text.out().contains(" Lock event counts for 'spinlocks-2s72t/qspinlock' (seed 1),"
        + " /sys/kernel/debug/lock_event_counts:\n\n"), text.out());
    List<String> lines = text.out().lines().dropWhile(l -> !l.startsWith("lock_pending:")).toList();
    assertEquals(List.of("lock_pending", "lock_slowpath", "lock_use_node2", "lock_use_node3", "lock_use_node4",
        "lock_no_node"), lines.stream().map(l -> l.substring(0, l.indexOf(':'))).toList(), text.out());

    MainTest.Outcome json = MainTest.run(VocabularyTest.concat(QSPIN, "--json"));
    assertEquals(0, json.status(), json.err());
    JsonNode events = new ObjectMapper().readTree(json.out()).get("scenarios").get(0).get("runs").get(0)
        .get("lockEvents");
    for (String line : lines) {
      String name = line.substring(0, line.indexOf(':'));
      assertEquals(events.get(name).asLong(), Long.parseLong(line.substring(line.indexOf(':') + 1)), line);
    }
    assertTrue(events.get("lock_slowpath").asLong() > 0, "eight threads on one lock queue: " + events);
  }

  @Test
  void aSweepTakesTheQueuedAndPendingSharesAsFigures() {
    MainTest.Outcome o = MainTest.run("sweep", SPIN, "--set", "run.warmupMs=0", "--set", "run.durationMs=0.5",
        "--vary", "workload.tasks=8", "--variant", "qspinlock", "--variant", "mcs",
        "--figure", "pendingShare,queuedShare");
    assertEquals(0, o.status(), o.err());
    String qspin = o.out().lines().filter(l -> l.contains("qspinlock")).findFirst().orElseThrow();
    String mcs = o.out().lines().filter(l -> l.contains(" mcs ")).findFirst().orElseThrow();
    assertTrue(o.out().contains("pending-bit share") && o.out().contains("queued share"), o.out());
    // Eight threads on one lock: all but the first few lockers of the run queue, and the pending
    // waiter's path is taken only while the queue forms (the shares are over the window's
    // acquisitions, and a wait that crosses its edge is counted on one side only).
    String[] cells = qspin.trim().split("\\s+");
    double pending = Double.parseDouble(cells[cells.length - 2]);
    double queued = Double.parseDouble(cells[cells.length - 1]);
    assertTrue(pending < 0.01 && Math.abs(queued - 1) < 0.01, qspin);
    assertTrue(mcs.matches(".*mcs\\s+-\\s+-\\s*"), "MCS counts no lock events: " + mcs);
  }

  @Test
  void aRunWhoseLocksCountNoEventsSaysSo() {
    MainTest.Outcome o = MainTest.run("run", MainTest.V1, "--variant", "sleep-smp", "--lock-events");
    assertEquals(0, o.status(), o.err());
    assertTrue(o.out().contains("(none: no lock of this run has lock events in the kernel's list)"), o.out());
  }
}
