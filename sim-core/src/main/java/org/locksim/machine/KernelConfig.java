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
 * @param idleLatencyLimitUs the longest exit latency, in microseconds, of an idle state the
 *     kernel enters (Linux's PM QoS CPU latency request, {@code /dev/cpu_dma_latency}, which
 *     benchmark set-ups and {@code tuned}'s latency profiles write; {@code processor.max_cstate}
 *     and firmware settings have the same effect); the shallowest state is always allowed;
 *     infinite for no limit
 */
public record KernelConfig(boolean smp, FastPath fastPath, ReleaseStyle spinRelease, int hz,
    boolean preemptibleKernel, boolean llsc, double idleLatencyLimitUs) {
  /** A kernel with LSE atomics on arm64. */
  public KernelConfig(boolean smp, FastPath fastPath, ReleaseStyle spinRelease, int hz,
      boolean preemptibleKernel) {
    this(smp, fastPath, spinRelease, hz, preemptibleKernel, false, Double.POSITIVE_INFINITY);
  }

  public KernelConfig {
    Objects.requireNonNull(fastPath, "fastPath");
    Objects.requireNonNull(spinRelease, "spinRelease");
    if (hz < 1) {
      throw new IllegalArgumentException("hz must be positive");
    }
    if (!(idleLatencyLimitUs >= 0)) {
      throw new IllegalArgumentException("an idle latency limit is a duration >= 0");
    }
  }

  /** Picoseconds between timer ticks. */
  public long tickPs() {
    return 1_000_000_000_000L / hz;
  }
}
