/**
 * Folded stacks, the input format of Brendan Gregg's FlameGraph tools
 * (github.com/brendangregg/FlameGraph): one line per distinct stack, {@code frame;frame;frame
 * count}, root frame first, which {@code flamegraph.pl} renders as a flame graph; and the
 * two-count form {@code stack countA countB} that {@code difffolded.pl} produces and
 * {@code flamegraph.pl} renders as a differential flame graph.
 *
 * <p>The simulator charges simulated CPU time to stacks (on-CPU, e.g.
 * {@code kernel;sys_open;namei;mtx_enter;spin}) and, in a second {@link
 * org.locksim.metrics.FoldedStacks} that the caller keeps, time spent blocked
 * (off-CPU, e.g. lock waits while asleep).
 */
package org.locksim.report.folded;
