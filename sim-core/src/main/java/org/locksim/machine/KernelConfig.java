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
 * @param preemptibleKernel kernel code can be preempted wherever preemption is not disabled
 *     (Linux {@code CONFIG_PREEMPT}); otherwise only user code is preempted, and kernel code
 *     runs until it returns to user mode or blocks ({@code CONFIG_PREEMPT_NONE}, and OpenBSD)
 * @param llsc on arm64, atomics are load-/store-exclusive loops ({@code ldaxr}/{@code stlxr}),
 *     as a kernel built for plain ARMv8.0 has them, rather than LSE instructions; ignored on
 *     x86
 */
public record KernelConfig(boolean smp, FastPath fastPath, ReleaseStyle spinRelease, int hz,
    boolean preemptibleKernel, boolean llsc) {
  /** A kernel with LSE atomics on arm64. */
  public KernelConfig(boolean smp, FastPath fastPath, ReleaseStyle spinRelease, int hz,
      boolean preemptibleKernel) {
    this(smp, fastPath, spinRelease, hz, preemptibleKernel, false);
  }

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
