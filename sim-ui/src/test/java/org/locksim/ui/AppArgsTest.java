package org.locksim.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class AppArgsTest {
  @Test
  void parsesFileVariantCompareSeed() {
    AppArgs a = AppArgs.parse("s.json", "--variant", "a", "--compare", "b", "--seed", "7");
    assertEquals(new AppArgs(Path.of("s.json"), "a", "b", 7L, false), a);
  }

  @Test
  void mistakesSayWhat() {
    assertEquals("unknown option '--varaint' (did you mean '--variant'?)",
        assertThrows(IllegalArgumentException.class, () -> AppArgs.parse("--varaint", "x")).getMessage());
    assertEquals("--seed: expected a whole number, got 'x'",
        assertThrows(IllegalArgumentException.class, () -> AppArgs.parse("--seed", "x")).getMessage());
  }
}
