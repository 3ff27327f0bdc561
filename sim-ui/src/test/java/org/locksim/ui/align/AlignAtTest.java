package org.locksim.ui.align;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.locksim.run.record.TraceRun;
import org.locksim.scenario.Scenario;
import org.locksim.scenario.ScenarioLoader;
import org.locksim.trace.Arrow;
import org.locksim.trace.ArrowKind;
import org.locksim.trace.LockHold;
import org.locksim.trace.TraceFile;
import org.locksim.trace.TraceVisitor;
import org.locksim.ui.session.Opened;

/**
 * Why: {@code --align acquire:LOCK} must move the second trace by exactly the difference of the
 * two traces' first acquisitions of the lock, as a full read of both files gives it (not a
 * window's guess), so that the two events sit one under the other; the syntax and a lock the
 * trace lacks must be said in one line with the closest name.
 */
class AlignAtTest {
  @TempDir
  static Path dir;
  static Path a;
  static Path b;
  static Path noSpin;

  @BeforeAll
  static void record() throws IOException {
    List<Scenario> v2 = ScenarioLoader.standard().load(Path.of("../scenarios/v2-linux-adaptive-spin.json"),
        List.of("run.warmupMs=0", "run.durationMs=1"));
    a = TraceRun.record(v2.get(1), 1, dir.resolve("owner-spin.lst")).file();
    noSpin = TraceRun.record(v2.get(0), 2, dir.resolve("no-owner-spin.lst")).file();
    // The same workload on a Pentium 4: its set-up costs take the lock first later.
    Scenario p4 = ScenarioLoader.standard().load(Path.of("../scenarios/v2-linux-adaptive-spin.json"),
        List.of("run.warmupMs=0", "run.durationMs=1", "machine=pentium4")).get(0);
    b = TraceRun.record(p4, 2, dir.resolve("pentium4.lst")).file();
  }

  /** The first time lock {@code lock} is taken, read from every record of the file. */
  private static long firstHold(TraceFile t, int lock) {
    long[] first = {Long.MAX_VALUE};
    t.scan(new TraceVisitor() {
      @Override
      public void lockHold(LockHold h) {
        if (h.lock() == lock) {
          first[0] = Math.min(first[0], h.startPs());
        }
      }
    });
    return first[0];
  }

  /** The first hand-off of lock {@code lock}, read from every record of the file. */
  private static long firstHandOff(TraceFile t, int lock) {
    long[] first = {Long.MAX_VALUE};
    t.scan(new TraceVisitor() {
      @Override
      public void arrow(Arrow x) {
        if (x.kind() == ArrowKind.HANDOFF && x.lock() == lock) {
          first[0] = Math.min(first[0], x.fromPs());
        }
      }
    });
    return first[0];
  }

  @Test
  void theSecondTraceMovesByTheDifferenceOfTheFirstAcquisitions() throws IOException {
    try (TraceFile ta = TraceFile.open(a); TraceFile tb = TraceFile.open(b)) {
      int lockA = ta.lockNames().indexOf("i_mutex");
      int lockB = tb.lockNames().indexOf("i_mutex");
      long want = firstHold(ta, lockA) - firstHold(tb, lockB);
      assertNotEquals(0, want, "the two runs take the lock first at different times");
      assertEquals(want, AlignAt.parse("acquire:i_mutex").shiftPs(ta, "a", tb, "b"));
    }
  }

  @Test
  void aHandOffAlignsTheSameWay() throws IOException {
    try (TraceFile ta = TraceFile.open(a); TraceFile tb = TraceFile.open(noSpin)) {
      long want = firstHandOff(ta, 0) - firstHandOff(tb, 0);
      assertNotEquals(0, want, "spinning hands the lock over sooner");
      assertEquals(want, AlignAt.parse("handoff:i_mutex").shiftPs(ta, "a", tb, "b"));
    }
  }

  @Test
  void theSecondOfTwoRunsIsShiftedAndTheFirstIsNot() throws IOException {
    try (Opened first = new Opened("a", TraceFile.open(a), "", false);
        Opened second = new Opened("b", TraceFile.open(b), "", false)) {
      List<Opened> aligned = AlignAt.parse("acquire:i_mutex").applyTo(List.of(first, second));
      assertEquals(0, aligned.get(0).shiftPs());
      long want = firstHold(first.trace(), 0) - firstHold(second.trace(), 0);
      assertEquals(want, aligned.get(1).shiftPs());
      assertEquals(firstHold(first.trace(), 0), aligned.get(1).axisPs(firstHold(second.trace(), 0)),
          "the second's first acquisition sits under the first's");
    }
  }

  @Test
  void aLockTheTraceLacksIsOneLineWithTheClosestName() throws IOException {
    try (TraceFile ta = TraceFile.open(a); TraceFile tb = TraceFile.open(b)) {
      assertEquals("--align acquire:i_mutx: owner-spin has no lock 'i_mutx' (did you mean"
          + " 'i_mutex'?); its locks: i_mutex", assertThrows(IllegalArgumentException.class,
          () -> AlignAt.parse("acquire:i_mutx").shiftPs(ta, "owner-spin", tb, "pentium4"))
          .getMessage());
    }
  }

  @Test
  void theSyntaxIsKindColonName() {
    assertEquals(new AlignAt(AlignAt.Kind.WAKEUP, "worker7"), AlignAt.parse("wakeup:worker7"));
    assertEquals("acquire:a:b", AlignAt.parse("acquire:a:b").spec());
    assertEquals("--align: unknown kind 'aquire' (did you mean 'acquire'?); expected one of"
        + " acquire, handoff, wakeup, migration", assertThrows(IllegalArgumentException.class,
        () -> AlignAt.parse("aquire:m")).getMessage());
    assertEquals("--align: expected KIND:NAME with KIND one of acquire, handoff, wakeup,"
        + " migration (e.g. acquire:mount_mutex), got 'i_mutex'", assertThrows(
        IllegalArgumentException.class, () -> AlignAt.parse("i_mutex")).getMessage());
  }

  @Test
  void theWindowsControlReadsANameOfTheChosenKindOrKindColonName() {
    assertEquals(new AlignAt(AlignAt.Kind.HANDOFF, "i_mutex"),
        AlignAt.read(AlignAt.Kind.HANDOFF, " i_mutex ", List.of()));
    assertEquals(new AlignAt(AlignAt.Kind.WAKEUP, "w1"), AlignAt.read(AlignAt.Kind.ACQUIRE,
        "wakeup:w1", List.of()), "the text form wins over the chosen kind");
    assertEquals(new AlignAt(AlignAt.Kind.ACQUIRE, "a:b"), AlignAt.read(AlignAt.Kind.ACQUIRE,
        "a:b", List.of("a:b")), "a listed name may hold a colon");
    assertEquals("--align: unknown kind 'handof' (did you mean 'handoff'?); expected one of"
        + " acquire, handoff, wakeup, migration", assertThrows(IllegalArgumentException.class,
        () -> AlignAt.read(AlignAt.Kind.ACQUIRE, "handof:m", List.of("m"))).getMessage(),
        "with a kind chosen, a misspelt kind is still said as --align says it");
    assertEquals(new AlignAt(AlignAt.Kind.ACQUIRE, "m"), AlignAt.read(null, "acquire:m", List.of()));
    assertEquals(null, AlignAt.read(AlignAt.Kind.ACQUIRE, "0", List.of()));
    assertEquals(null, AlignAt.read(null, "  ", List.of()));
    assertEquals("--align: unknown kind 'aquire' (did you mean 'acquire'?); expected one of"
        + " acquire, handoff, wakeup, migration", assertThrows(IllegalArgumentException.class,
        () -> AlignAt.read(null, "aquire:m", List.of())).getMessage());
    assertEquals("--align: choose a kind (acquire, handoff, wakeup, migration) for 'i_mutex',"
        + " or write KIND:NAME", assertThrows(IllegalArgumentException.class,
        () -> AlignAt.read(null, "i_mutex", List.of())).getMessage());
  }

  @Test
  void theNamesToChooseAreThoseBothTracesHave() throws IOException {
    try (TraceFile ta = TraceFile.open(a); TraceFile tb = TraceFile.open(b)) {
      assertEquals(List.of("i_mutex"), SharedNames.of(AlignAt.Kind.HANDOFF, List.of(ta, tb)));
      List<String> tasks = SharedNames.of(AlignAt.Kind.MIGRATION, List.of(ta, tb));
      assertEquals(ta.taskNames().stream().filter(tb.taskNames()::contains).distinct().toList(),
          tasks);
      assertEquals(List.of(), SharedNames.of(AlignAt.Kind.WAKEUP, List.of()));
    }
  }
}
