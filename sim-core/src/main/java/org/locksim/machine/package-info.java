/**
 * The simulated hardware: CPUs with their cost tables converted to picoseconds, cache lines
 * and the coherence model that prices every access to them.
 *
 * <p>A {@link org.locksim.machine.CacheLine} has an owner (exclusive or modified) or a set of
 * sharers. {@link org.locksim.machine.Coherence} charges a read by a CPU that holds no copy one
 * transfer from the nearest holder, and a write or atomic read-modify-write a transfer plus the
 * invalidation of every other copy; transfers of one line are serialized, so N CPUs that CAS
 * the same line at once wait N transfer times. That one rule is what makes test-and-set slow
 * the owner down and ticket locks collapse (Anderson 1990; Mellor-Crummey and Scott 1991;
 * David, Guerraoui and Trigonakis, SOSP 2013). Values take effect in issue order, which the
 * event loop makes a total order; completion times follow from the serialization.
 */
package org.locksim.machine;
