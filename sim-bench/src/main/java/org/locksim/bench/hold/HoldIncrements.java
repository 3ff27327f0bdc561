package org.locksim.bench.hold;

import java.util.SplittableRandom;

/**
 * Pre-drawn exponential increments with a mean of 1 us, in picoseconds (event spacings in a run
 * are of that order), so every event set in a comparison is fed the same numbers and no
 * random draw is timed.
 */
public final class HoldIncrements {
  private static final int COUNT = 1 << 16;
  private final long[] values = new long[COUNT];
  private int next;

  /** Draws the increments from a stream seeded with {@code seed}. */
  public HoldIncrements(long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    for (int i = 0; i < COUNT; i++) {
      values[i] = 1 + (long) (-Math.log(1 - random.nextDouble()) * 1_000_000);
    }
  }

  /** The i-th increment (the sequence repeats every 65,536 draws). */
  public long at(int i) {
    return values[i & (COUNT - 1)];
  }

  /** The next increment of the sequence. */
  public long next() {
    return values[next++ & (COUNT - 1)];
  }
}
