package org.locksim.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Why: a level's merged span that straddles a frame's pixel edge is split between the two
 * pixels; the part in the second pixel must be that pixel's own span. It was added to the
 * second pixel's bucket without counting an interval there, so a bucket with no interval of
 * its own was never emitted and its time leaked into the next bucket opened: a span that
 * claimed more time than it lasted (up to 88 times on a recorded V2 run, drawn as bars that
 * grew out of their lane).
 */
class LodSummarizerTest {
  @Test
  void theSecondPixelsPartOfAStraddlingMergedSpanStaysInThatPixel() {
    LodSummarizer s = new LodSummarizer(0, 1_000, 100, 2);
    // Merged over [80, 120): 40 ps of state 1, half in pixel 0, half in pixel 1.
    s.addMerged(80, 120, 3, new long[] {0, 40}, 0);
    // Then a short interval two pixels on, in pixel 3.
    s.add(310, 320, 0, -1);
    List<SummarySpan> out = s.finish();
    assertEquals(3, out.size(), out.toString());
    assertEquals(80, out.get(0).startPs());
    assertEquals(20, out.get(0).psIn(1), "pixel 0's half");
    assertEquals(100, out.get(1).startPs());
    assertEquals(120, out.get(1).endPs());
    assertEquals(20, out.get(1).psIn(1), "pixel 1's half, a span of its own");
    assertEquals(3, out.get(1).intervalCount(), "the intervals straddle: they count in both pixels");
    assertEquals(10, out.get(2).psIn(0));
    assertEquals(0, out.get(2).psIn(1), "nothing leaks into pixel 3");
  }
}
