package org.locksim.sched;

import java.util.SplittableRandom;
import org.locksim.random.RandomStreams;

/**
 * Where a spinner is in its loop when something it watches changes. A pause loop ({@code
 * while (*p == v) cpu_relax();}) spends almost all of each pass in {@code pause}: a write's
 * invalidation, the owner's leaving its CPU or need_resched reaches it at a point of the
 * pass that nothing in the spinner decides, and it notices when the pause it is in ends. So
 * the delay to noticing is uniform over one pause, half a pause on average, and differs
 * from one wake-up to the next; a timed wait (a backoff, a spin limit) counts whole passes
 * and is not drawn here.
 *
 * <p>Each CPU has its own stream, derived from the run's seed, so a run stays reproducible.
 * This is the only source of variation in a spin's timing: two requests that race for a
 * line are no longer resolved the same way on every iteration when their gap is within a
 * pause (docs/model.md, Spinning).
 */
final class LoopPhases {
  private final SplittableRandom[] streams;

  LoopPhases(int cpus, long seed) {
    RandomStreams r = new RandomStreams(seed);
    streams = new SplittableRandom[cpus];
    for (int i = 0; i < cpus; i++) {
      streams[i] = r.stream("cpu" + i + "/spin-phase");
    }
  }

  /** What is left of {@code cpu}'s current pass of {@code passPs} when an event reaches it. */
  long remaining(int cpu, long passPs) {
    return passPs <= 1 ? passPs : 1 + streams[cpu].nextLong(passPs);
  }
}
