package org.locksim.engine;

/**
 * Rounding of the non-negative quantities a run computes on every step (picoseconds of a
 * burst, instructions of a burst): the same {@code long} as {@link Math#round(double)} for
 * every {@code double}, by the one addition and truncation that give it where that is exact.
 * {@code x + 0.5} is exact for {@code 0.5 <= x < 2^52} (the sum stays in x's binade or lands
 * on the next power of two), so its truncation is {@code Math.round(x)} there; elsewhere
 * (below 0.5, where 0.49999999999999994 + 0.5 rounds up to 1, negative, huge or NaN) this
 * defers to {@code Math.round}, whose JDK 17 implementation takes a dozen integer operations.
 */
public final class Round {
  private static final double EXACT_LIMIT = 0x1p52;

  private Round() { }

  /** {@code Math.round(x)}. */
  public static long of(double x) {
    return x >= 0.5 && x < EXACT_LIMIT ? (long) (x + 0.5) : Math.round(x);
  }
}
