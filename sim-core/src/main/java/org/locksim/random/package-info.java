/**
 * Deterministic, named random streams. Every source of randomness in a run draws from its own
 * stream ({@code "task17/think"}), derived from the scenario seed and the stream's name alone,
 * so adding a stream or drawing more from one never changes the numbers another stream gives
 * (the discipline of L'Ecuyer's SSJ streams, without its static default generator).
 */
package org.locksim.random;
