/**
 * JMH benchmarks: the event queue under a hold model, and end-to-end simulations. Run with
 * {@code java -jar sim-bench/target/benchmarks.jar}; never part of the test suite.
 */
package org.locksim.bench;
