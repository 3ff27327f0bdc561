package org.locksim.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Why: where an input is unknown (an unnamed machine's transfer cost), docs/calibration.md shows
 * the rows the input concerns under each plausible value, computed rather than typed into the
 * notes, so that they cannot go stale; the table keeps value order and each row's verdict.
 */
class StandInTest {
  private static Row row(String figure, double v) {
    return new Row(figure, "1.0", v, String.valueOf(v), 0.5, 1.5, "1 +/- 50%");
  }

  @Test
  void theTableShowsTheConcernedRowsUnderEachValueWithTheirVerdicts() {
    StandIn s = StandIn.ofValues("x.json", "machine.transfer.sameSocket.value", List.of("30", "83"),
        "the transfer, ns", "16 CPUs");
    List<List<Row>> rows = List.of(
        List.of(row("16 CPUs: sys", 1.0), row("2 x 4 CPUs: sys", 9.0)),
        List.of(row("16 CPUs: sys", 2.0), row("2 x 4 CPUs: sys", 9.0)));
    String md = CalibrationPage.standIns(List.of(new StandInRuns.Table("V4", s, rows)));
    assertTrue(md.contains("### V4: `machine.transfer.sameSocket.value` in `x.json`\n\nThe transfer, ns.\n"), md);
    assertTrue(md.contains("| value | 16 CPUs: sys |\n|---|---|\n| 30 | 1.0, pass |\n| 83 | 2.0, FAIL |\n"), md);
    assertTrue(!md.contains("2 x 4"), "a row the input does not concern is left out: " + md);
  }

  @Test
  void noStandInsNoSection() {
    assertEquals("", CalibrationPage.standIns(List.of()));
  }

  @Test
  void aStandInHasAtLeastTwoValues() {
    assertThrows(IllegalArgumentException.class, () -> StandIn.ofValues("x.json", "p", List.of("1"), "w", ""));
  }
}
