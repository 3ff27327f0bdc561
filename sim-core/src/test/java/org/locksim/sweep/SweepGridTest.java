package org.locksim.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.locksim.scenario.ScenarioLoader;
import org.locksim.scenario.json.InputError;

/**
 * Why: a sweep's grid is what its table and CSV are read against: the order of its points, the
 * values each was loaded with, and an error in any value before hours of runs start.
 */
class SweepGridTest {
  static final Path V1 = Path.of("..", "scenarios", "v1-pentium4.json");
  private final ScenarioLoader loader = ScenarioLoader.standard();

  @Test
  void valuesSplitAtCommasOutsideJson() {
    Axis a = Axis.parse("machine={\"model\":\"pentium4\",\"costs\":{}}, \"a,b\" ,[1,2],3");
    assertEquals("machine", a.path());
    assertEquals(List.of("{\"model\":\"pentium4\",\"costs\":{}}", "\"a,b\"", "[1,2]", "3"), a.values());
    assertEquals(List.of(9, 42, 49, 55), a.columns());
  }

  @Test
  void anEmptyValueOrNoValuesAreRejected() {
    InputError e = assertThrows(InputError.class, () -> Axis.parse("kernel.hz=100,,250"));
    assertEquals("--vary", e.file());
    assertEquals(15, e.column());
    assertThrows(InputError.class, () -> Axis.parse("kernel.hz"));
    assertThrows(InputError.class, () -> Axis.parse("=1,2"));
  }

  @Test
  void theLastAxisVariesFastestAndEachCombinationHasItsVariants() {
    List<Axis> axes = List.of(Axis.parse("kernel.smp=false,true"), Axis.parse("kernel.hz=100,250,1000"));
    List<SweepPoint> points = SweepGrid.expand(loader, V1, List.of(), axes, List.of("sleep-smp", "crit-up"));
    assertEquals(12, points.size());
    assertEquals(List.of("false", "100"), points.get(0).values());
    assertEquals("sleep-smp", points.get(0).scenario().variant());
    assertEquals("crit-up", points.get(1).scenario().variant());
    assertEquals(0, points.get(1).cell());
    assertEquals(List.of("false", "250"), points.get(2).values());
    assertEquals(List.of("true", "1000"), points.get(11).values());
    assertEquals(5, points.get(11).cell());
    // The axis has the last word over the variant: crit-up sets kernel.smp=false.
    assertTrue(points.get(11).scenario().kernel().smp());
    assertEquals(1000, points.get(11).scenario().kernel().hz());
    assertEquals(100, points.get(0).scenario().kernel().hz());
  }

  @Test
  void aBadValueIsReportedWhereVaryWroteIt() {
    InputError e = assertThrows(InputError.class, () -> SweepGrid.expand(loader, V1, List.of(),
        List.of(Axis.parse("kernel.spinRelease=xchg,stor")), List.of()));
    assertEquals("--vary", e.file());
    assertEquals(25, e.column());
    assertEquals(Optional.of("store"), e.suggestion());
    assertTrue(e.message().contains("stor"), e.message());
  }

  @Test
  void aMisspeltFieldIsReportedAtItsName() {
    InputError e = assertThrows(InputError.class, () -> SweepGrid.expand(loader, V1, List.of(),
        List.of(Axis.parse("kernel.smpp=true")), List.of()));
    assertEquals("--vary", e.file());
    assertEquals(Optional.of("smp"), e.suggestion());
  }

  @Test
  void anUnknownVariantSuggestsTheClosest() {
    InputError e = assertThrows(InputError.class, () -> SweepGrid.expand(loader, V1, List.of(),
        List.of(Axis.parse("kernel.hz=100")), List.of("sleep-smpp")));
    assertEquals(Optional.of("sleep-smp"), e.suggestion());
  }
}
