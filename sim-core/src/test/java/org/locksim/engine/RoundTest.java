package org.locksim.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Why: the step loop rounds with {@link Round#of}; a run must round as {@code Math.round} does, bit for bit. */
class RoundTest {
  @Test
  void equalsMathRoundOnTheEdgesAndOnRandomValues() {
    double[] edges = {0, -0.0, 0.49999999999999994, 0.5, 1.5, 2.5, 0x1p52 - 0.5, 0x1p52, 0x1p53 + 1,
        4503599627370495.5, 1e15 + 0.5, -0.5, -1.5, Double.NaN, Double.POSITIVE_INFINITY, 1e300,
        Math.nextDown(0.5), Math.nextUp(0.5), Math.nextDown(1.5), Math.nextDown(1 << 20) + 0.5};
    for (double x : edges) {
      assertEquals(Math.round(x), Round.of(x), "at " + x);
    }
    SplittableRandom r = new SplittableRandom(3);
    for (int i = 0; i < 1_000_000; i++) {
      double x = Math.scalb(r.nextDouble(), r.nextInt(-5, 60));
      double y = Math.floor(x) + (r.nextBoolean() ? 0.5 : Math.nextDown(0.5));
      assertEquals(Math.round(x), Round.of(x), "at " + x);
      assertEquals(Math.round(y), Round.of(y), "at " + y);
    }
  }
}
