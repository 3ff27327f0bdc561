package org.locksim.scenario;

/**
 * How long and how often to run.
 *
 * @param warmupPs simulated time before measuring, excluded from every figure
 * @param durationPs the measured window
 * @param seed the first repeat's seed; repeat i uses {@code seed + i}
 * @param repeats how many runs with different seeds
 */
public record RunSettings(long warmupPs, long durationPs, long seed, int repeats) { }
