package org.locksim.random;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/**
 * Hands out {@link SplittableRandom} streams derived from one seed and a stream name. The same
 * seed and name always give the same sequence, on every JVM.
 */
public final class RandomStreams {
  private final long seed;

  public RandomStreams(long seed) {
    this.seed = seed;
  }

  /** The stream called {@code name}; each call returns a fresh generator at its start. */
  public SplittableRandom stream(String name) {
    return new SplittableRandom(mix(seed ^ fnv1a(name)));
  }

  public long seed() {
    return seed;
  }

  /** 64-bit FNV-1a over the UTF-8 bytes of {@code s}: stable across JVMs, unlike hashCode. */
  static long fnv1a(String s) {
    long h = 0xcbf29ce484222325L;
    for (byte x : s.getBytes(StandardCharsets.UTF_8)) {
      h ^= x & 0xff;
      h *= 0x100000001b3L;
    }
    return h;
  }

  /** The SplitMix64 finaliser, so nearby seeds give unrelated streams. */
  static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }
}
