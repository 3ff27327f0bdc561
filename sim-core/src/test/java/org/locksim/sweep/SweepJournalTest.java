package org.locksim.sweep;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.locksim.scenario.json.InputError;

/**
 * Why: a journal is what a killed sweep keeps of hours of runs; it must read back exactly what
 * was written, survive a line cut short by the kill, and never feed one sweep's results into
 * another's table.
 */
class SweepJournalTest {
  static final JournalIdentity ID = JournalIdentity.of(List.of("--vary", "a=1,2", "--repeat", "2"),
      "{}".getBytes(StandardCharsets.UTF_8), "1.0");

  @Test
  void readsBackEveryFigureExactly(@TempDir Path dir) throws IOException {
    Path path = dir.resolve("out.csv.journal");
    double[] odd = {0.1 + 0.2, 1e-300, -0.0, Double.NaN, 422333.3333333333};
    try (SweepJournal j = SweepJournal.create(path, ID)) {
      j.finished(1, 0, odd);
      j.finished(0, 1, new double[] {1, 2, 3, 4, 5});
    }
    double[][][] known = new double[2][2][];
    try (SweepJournal j = SweepJournal.resume(path, ID, known, 5)) {
      assertEquals(2, j.resumed());
    }
    assertArrayEquals(odd, known[1][0]);
    assertArrayEquals(new double[] {1, 2, 3, 4, 5}, known[0][1]);
    assertNull(known[0][0]);
    assertNull(known[1][1]);
  }

  @Test
  void aLineCutShortByAKillIsDroppedAndTheNextAppendsAfterTheLastWholeLine(@TempDir Path dir)
      throws IOException {
    Path path = dir.resolve("out.csv.journal");
    try (SweepJournal j = SweepJournal.create(path, ID)) {
      j.finished(0, 0, new double[] {1.5});
      j.finished(0, 1, new double[] {2.5});
    }
    byte[] whole = Files.readAllBytes(path);
    Files.write(path, java.util.Arrays.copyOf(whole, whole.length - 3)); // "0 1 2." remains
    double[][][] known = new double[2][2][];
    try (SweepJournal j = SweepJournal.resume(path, ID, known, 1)) {
      assertEquals(1, j.resumed());
      j.finished(0, 1, new double[] {2.5});
    }
    assertNull(known[0][1]);
    assertArrayEquals(whole, Files.readAllBytes(path), "the half line is replaced by the whole one");
  }

  @Test
  void aJournalOfOtherArgumentsIsRefusedAtItsLine(@TempDir Path dir) throws IOException {
    Path path = dir.resolve("out.csv.journal");
    SweepJournal.create(path, ID).close();
    JournalIdentity other = JournalIdentity.of(List.of("--vary", "a=1,2", "--repeat", "3"),
        "{}".getBytes(StandardCharsets.UTF_8), "1.0");
    InputError e = assertThrows(InputError.class,
        () -> SweepJournal.resume(path, other, new double[2][3][], 1));
    assertEquals(2, e.location().line());
    assertTrue(e.message().contains("other arguments"), e.message());
    assertTrue(e.message().contains("\"--repeat\" \"2\""), e.message());
  }

  @Test
  void aJournalOfAnotherVersionOfTheScenarioIsRefused(@TempDir Path dir) throws IOException {
    Path path = dir.resolve("out.csv.journal");
    SweepJournal.create(path, ID).close();
    JournalIdentity edited = JournalIdentity.of(List.of("--vary", "a=1,2", "--repeat", "2"),
        "{ }".getBytes(StandardCharsets.UTF_8), "1.0");
    InputError e = assertThrows(InputError.class,
        () -> SweepJournal.resume(path, edited, new double[2][2][], 1));
    assertEquals(3, e.location().line());
    assertTrue(e.message().contains("another version of the scenario"), e.message());
  }

  @Test
  void aMalformedEntryBeforeTheLastLineIsBadInput(@TempDir Path dir) throws IOException {
    Path path = dir.resolve("out.csv.journal");
    SweepJournal.create(path, ID).close();
    Files.writeString(path, Files.readString(path) + "0 0 x\n1 0 2.0\n");
    InputError e = assertThrows(InputError.class,
        () -> SweepJournal.resume(path, ID, new double[2][2][], 1));
    assertEquals(5, e.location().line());
    Files.writeString(path, Files.readString(path).replace("0 0 x\n", "7 0 1.0\n"));
    e = assertThrows(InputError.class, () -> SweepJournal.resume(path, ID, new double[2][2][], 1));
    assertTrue(e.message().contains("point from 0 to 1"), e.message());
  }

  @Test
  void aNewJournalIsNotWrittenOverAnUnfinishedOne(@TempDir Path dir) throws IOException {
    Path path = dir.resolve("out.csv.journal");
    try (SweepJournal j = SweepJournal.create(path, ID)) {
      j.finished(0, 0, new double[] {1});
    }
    byte[] before = Files.readAllBytes(path);
    InputError e = assertThrows(InputError.class, () -> SweepJournal.create(path, ID));
    assertTrue(e.message().contains("--resume"), e.message());
    assertArrayEquals(before, Files.readAllBytes(path));
  }

  @Test
  void aMissingJournalCannotBeResumed(@TempDir Path dir) {
    InputError e = assertThrows(InputError.class,
        () -> SweepJournal.resume(dir.resolve("none.journal"), ID, new double[1][1][], 1));
    assertTrue(e.message().contains("no journal"), e.message());
  }
}
