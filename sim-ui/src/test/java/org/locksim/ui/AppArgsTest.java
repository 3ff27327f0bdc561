package org.locksim.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.locksim.ui.align.AlignAt;

/** The command line: what each option sets, and the one-line messages for mistakes. */
class AppArgsTest {
  @Test
  void parsesFileVariantCompareSeedSetsAndPlugins() {
    AppArgs a = AppArgs.parse("s.json", "--variant", "a", "--compare", "b", "--seed", "7",
        "--set", "run.durationMs=1", "--plugin", "x.jar", "--plugin", "y.jar");
    assertEquals(new AppArgs(Path.of("s.json"), "a", "b", null, 7L, List.of("run.durationMs=1"),
        List.of(Path.of("x.jar"), Path.of("y.jar")), null, false), a);
  }

  @Test
  void parsesTheEventToAlignTheComparedTimelineAt() {
    assertEquals(new AlignAt(AlignAt.Kind.ACQUIRE, "i_mutex"),
        AlignAt.parse("acquire:i_mutex"));
    assertEquals(AlignAt.parse("handoff:m"),
        AppArgs.parse("a.lst", "--compare", "b.lst", "--align", "handoff:m").align());
    assertEquals(null, AppArgs.parse("a.lst", "--compare", "b.lst").align());
    assertEquals("--align: expected --compare, the second variant or trace to align with the first",
        assertThrows(IllegalArgumentException.class,
            () -> AppArgs.parse("a.lst", "--align", "acquire:m")).getMessage());
    assertEquals("--align: unknown kind 'hanfoff' (did you mean 'handoff'?); expected one of"
        + " acquire, handoff, wakeup, migration", assertThrows(IllegalArgumentException.class,
            () -> AppArgs.parse("a.lst", "--compare", "b.lst", "--align", "hanfoff:m")).getMessage());
  }

  @Test
  void parsesASnapshotWithSizeAndWindow() {
    AppArgs a = AppArgs.parse("t.lst", "--snapshot", "out.png", "--size", "1600x900",
        "--window", "120us..1.5ms");
    assertEquals(new AppArgs.Snapshot(Path.of("out.png"), 1600, 900, 120_000_000L,
        1_500_000_000L), a.snapshot());
    assertEquals(1280, AppArgs.parse("t.lst", "--snapshot", "o.png").snapshot().width());
  }

  @Test
  void mistakesSayWhat() {
    assertEquals("unknown option '--varaint' (did you mean '--variant'?)",
        assertThrows(IllegalArgumentException.class, () -> AppArgs.parse("--varaint", "x")).getMessage());
    assertEquals("--seed: expected a whole number, got 'x'",
        assertThrows(IllegalArgumentException.class, () -> AppArgs.parse("--seed", "x")).getMessage());
    assertEquals("--snapshot: expected a FILE to render",
        assertThrows(IllegalArgumentException.class, () -> AppArgs.parse("--snapshot", "o.png")).getMessage());
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> AppArgs.parse("f", "--window", "5us..2us")).getMessage().startsWith("--window: expected FROM..TO"));
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> AppArgs.parse("f", "--size", "12x")).getMessage().startsWith("--size: expected WIDTHxHEIGHT"));
  }

  @Test
  void timesTakeTheirUnit() {
    assertEquals(800_000L, Times.parsePs("800ns"));
    assertEquals(1_500_000_000L, Times.parsePs(" 1.5 ms"));
    assertEquals(-1, Times.parsePs("12"));
    assertEquals(-1, Times.parsePs("0.5ps"));
  }

  @Test
  void noDisplayIsSaidBeforeJavaFxTries() {
    assertTrue(DisplayCheck.missing(Map.of(), "Linux").orElseThrow().startsWith("no display"));
    assertTrue(DisplayCheck.missing(Map.of("DISPLAY", ":0"), "Linux").isEmpty());
    assertTrue(DisplayCheck.missing(Map.of("WAYLAND_DISPLAY", "wayland-0"), "Linux").isEmpty());
    assertTrue(DisplayCheck.missing(Map.of(), "Windows 11").isEmpty());
  }
}
