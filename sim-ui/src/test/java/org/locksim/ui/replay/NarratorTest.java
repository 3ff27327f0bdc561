package org.locksim.ui.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.locksim.ui.fixture.SmallTrace.NS;

import java.nio.file.Path;
import java.util.EnumSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.locksim.trace.Arrow;
import org.locksim.trace.ArrowKind;
import org.locksim.trace.TraceFile;
import org.locksim.ui.fixture.SmallTrace;

/** Steps to the hand-off and the migration of the hand-written trace and reads the sentences. */
class NarratorTest {
  @TempDir
  Path dir;

  @Test
  void aHandOffNamesBothCpusTheLockAndTheWholeWait() throws Exception {
    try (TraceFile t = SmallTrace.write(dir.resolve("s.lst"))) {
      Arrow a = new EventSteps(t, EnumSet.of(ArrowKind.HANDOFF)).next(0).orElseThrow();
      assertEquals(300 * NS, a.fromPs());
      assertEquals("300 ns: CPU 0 (alpha) hands m to beta on CPU 1 after 200 ns of spinning",
          new Narrator(t).narrate(a));
    }
  }

  @Test
  void theSceneSaysWhoHoldsAndWhoSpins() throws Exception {
    try (TraceFile t = SmallTrace.write(dir.resolve("s.lst"))) {
      LockScene scene = new LockScene(t);
      assertEquals("m held by alpha; spinning: beta; blocked: none", scene.at(0, 150 * NS));
      assertEquals("m held by beta; spinning: none; blocked: none", scene.at(0, 300 * NS));
      assertEquals("m free; spinning: none; blocked: none", scene.at(0, 400 * NS));
    }
  }

  @Test
  void stepsFollowTheChosenKindsBothWays() throws Exception {
    try (TraceFile t = SmallTrace.write(dir.resolve("s.lst"))) {
      EventSteps all = new EventSteps(t, EnumSet.allOf(ArrowKind.class));
      Arrow m = all.next(300 * NS).orElseThrow();
      assertEquals(ArrowKind.MIGRATION, m.kind());
      assertEquals("400 ns: beta moves from CPU 1 to CPU 1", new Narrator(t).narrate(m));
      assertEquals(ArrowKind.HANDOFF, all.previous(m.fromPs()).orElseThrow().kind());
      assertEquals(true, new EventSteps(t, EnumSet.of(ArrowKind.WAKEUP)).next(0).isEmpty());
    }
  }
}
