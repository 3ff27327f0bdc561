/**
 * JMH benchmarks: the event queue under the hold model beside SSJ's event lists
 * ({@link org.locksim.bench.EventQueueBench}), and one end-to-end benchmark per reproduction
 * family (storm, path walk, build, locktorture, queue-lock scaling), each running its scenario
 * through {@link org.locksim.bench.RunFigures} so that every family reports simulated seconds
 * per wall second and events per acquisition the same way. docs/performance.md gives the figures
 * and the commands. Run with {@code java -jar sim-bench/target/benchmarks.jar}; never part of the
 * test suite.
 */
package org.locksim.bench;
