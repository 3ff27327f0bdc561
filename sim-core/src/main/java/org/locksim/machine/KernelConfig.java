package org.locksim.machine;

import java.util.Objects;

/**
 * How the simulated kernel was built.
 *
 * @param smp an SMP build; a UP build drops the {@code lock} prefix from the atomics that
 *     have one ({@code xchg} stays locked: its lock is implicit)
 * @param fastPath how lock fast paths are compiled
 * @param spinRelease how spin mutexes release
 * @param hz timer ticks per second
 */
public record KernelConfig(boolean smp, FastPath fastPath, ReleaseStyle spinRelease, int hz) {
  public KernelConfig {
    Objects.requireNonNull(fastPath, "fastPath");
    Objects.requireNonNull(spinRelease, "spinRelease");
    if (hz < 1) {
      throw new IllegalArgumentException("hz must be positive");
    }
  }

  /** Picoseconds between timer ticks. */
  public long tickPs() {
    return 1_000_000_000_000L / hz;
  }
}
