package org.locksim.random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.api.Test;

/** Why: a stream must depend on the seed and its own name only, never on other streams. */
class RandomStreamsTest {
  @Test
  void sameSeedAndNameGiveTheSameSequence() {
    RandomStreams a = new RandomStreams(42);
    RandomStreams b = new RandomStreams(42);
    b.stream("other").nextLong();
    for (int i = 0; i < 3; i++) {
      assertEquals(a.stream("task1/think").nextLong(), b.stream("task1/think").nextLong());
    }
  }

  @Test
  void differentNamesAndSeedsDiffer() {
    RandomStreams a = new RandomStreams(42);
    assertNotEquals(a.stream("task1").nextLong(), a.stream("task2").nextLong());
    assertNotEquals(a.stream("task1").nextLong(), new RandomStreams(43).stream("task1").nextLong());
  }

  @Test
  void theHashIsStableAcrossJvms() {
    // FNV-1a of "a" is a published test vector.
    assertEquals(0xaf63dc4c8601ec8cL, RandomStreams.fnv1a("a"));
  }
}
