package org.locksim.cli.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Why: the format comes from the name alone, so the name must be read the way a reader reads it
 * (any case), and only a typing slip may earn a suggestion: "did you mean x.png" for x.pdf would
 * point at another format.
 */
class ChartFormatTest {
  @Test
  void theExtensionDecidesInAnyCase() {
    assertEquals(ChartFormat.SVG, ChartFormat.of("--plot", Path.of("a/b.svg")));
    assertEquals(ChartFormat.PNG, ChartFormat.of("--plot", Path.of("B.PNG")));
  }

  @Test
  void onlySlipsAreSuggested() {
    assertTrue(ChartFormat.slip("sgv", "svg"), "two letters swapped");
    assertTrue(ChartFormat.slip("spg", "svg"), "one letter wrong");
    assertTrue(ChartFormat.slip("pg", "png"), "one letter missing");
    assertTrue(ChartFormat.slip("pngg", "png"), "one letter added");
    assertFalse(ChartFormat.slip("pdf", "png"), "another format");
    assertFalse(ChartFormat.slip("jpeg", "png"));
    assertFalse(ChartFormat.slip("svg", "svg"));
  }
}
