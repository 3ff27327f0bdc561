package org.locksim.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.locksim.scenario.ScenarioLoader;
import org.locksim.scenario.json.InputError;

/**
 * Why: a {@code --vary} whose quote or bracket is never closed once lost its last value without
 * a word, and a field varied twice made one {@code --vary} meaningless; both are located errors.
 */
class VaryStrictnessTest {
  @Test
  void anUnclosedBraceIsAnErrorNotADroppedValue() {
    InputError e = assertThrows(InputError.class,
        () -> Axis.parse("machine={\"model\":\"pentium4\"},{\"model\":\"pentium3\""));
    assertEquals("--vary:1:30", e.location().toString());
    assertTrue(e.message().endsWith("the value starting here has a bracket or brace that is never closed"), e.message());
  }

  @Test
  void anUnclosedQuoteIsAnError() {
    InputError e = assertThrows(InputError.class, () -> Axis.parse("kernel.spinRelease=\"xchg,store"));
    assertTrue(e.message().endsWith("has a quote that is never closed"), e.message());
  }

  @Test
  void aClosedValueStillSplitsAtItsCommas() {
    assertEquals(List.of("{\"model\":\"a,b\"}", "[1,2]", "3"), Axis.parse("x={\"model\":\"a,b\"},[1,2],3").values());
  }

  @Test
  void aFieldVariedTwiceIsRefused() {
    InputError e = assertThrows(InputError.class, () -> SweepGrid.expand(ScenarioLoader.standard(),
        Path.of("..", "scenarios", "v1-pentium4.json"), List.of(),
        List.of(Axis.parse("kernel.smp=true"), Axis.parse("kernel.hz=100"), Axis.parse("kernel.smp=false")), List.of()));
    assertEquals("--vary:1:1: kernel.smp is varied by two --vary options; give all its values in one,"
        + " kernel.smp=V1,V2,...", e.format());
  }
}
