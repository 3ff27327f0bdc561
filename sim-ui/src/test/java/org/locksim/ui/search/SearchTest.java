package org.locksim.ui.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.locksim.ui.fixture.SmallTrace.NS;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.locksim.trace.RowKind;
import org.locksim.trace.TraceFile;
import org.locksim.ui.fixture.SmallTrace;

/** Finds a task, a lock and a kernel function of the hand-written trace by name. */
class SearchTest {
  @TempDir
  Path dir;

  @Test
  void aFunctionIsFoundWhereACpuEntersIt() throws Exception {
    try (TraceFile t = SmallTrace.write(dir.resolve("s.lst"))) {
      Search s = new Search(t, "MUTEX");
      assertEquals("\"mutex\": 0 CPUs, 0 tasks, 0 locks, 1 functions", s.summary());
      Search.Hit first = s.next(-1).orElseThrow();
      assertEquals(100 * NS, first.ps());
      assertEquals(RowKind.CPU, first.kind());
      // CPU 1 goes from spinning in mutex_lock to system in mutex_lock at 300 ns: not an entry.
      assertTrue(s.next(first.ps()).isEmpty(), "both CPUs enter at 100 ns, nothing later");
      assertEquals(100 * NS, s.previous(500 * NS).orElseThrow().ps());
    }
  }

  @Test
  void aLockIsFoundWhereItIsTakenAndItsLaneMarked() throws Exception {
    try (TraceFile t = SmallTrace.write(dir.resolve("s.lst"))) {
      Search s = new Search(t, " m ");
      assertTrue(s.marks(RowKind.LOCK, 0));
      assertFalse(s.marks(RowKind.TASK, 0));
      assertEquals(300 * NS, s.next(100 * NS).orElseThrow().ps());
      assertEquals(RowKind.LOCK, s.firstLane().orElseThrow().kind());
    }
  }

  @Test
  void aTaskIsFoundWhereItStartsRunning() throws Exception {
    try (TraceFile t = SmallTrace.write(dir.resolve("s.lst"))) {
      Search s = new Search(t, "bet");
      assertEquals(300 * NS, s.next(0).orElseThrow().ps(), "beta runs again after spinning");
      assertTrue(new Search(t, "zzz").isEmpty());
      assertTrue(new Search(t, "  ").isEmpty());
    }
  }
}
