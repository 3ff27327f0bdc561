/**
 * The hold model, run on the engine's event queues and on SSJ's event lists with the same
 * pre-drawn increments, so {@link org.locksim.bench.EventQueueBench} compares them in one JMH run.
 */
package org.locksim.bench.hold;
