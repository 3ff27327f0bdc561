/**
 * The timeline trace: a compact, versioned, checksummed binary file of what every CPU, task and
 * lock did during a run, and the model the UI and the exporters read it through.
 *
 * <p>The simulator streams records to a {@link org.locksim.trace.TraceWriter}: CPU states (idle,
 * user, kernel function, spinning, switching), task states (running, runnable, spinning, blocked
 * on a lock, sleeping), lock holds, run-queue and waiter counters, and arrows (hand-off, wakeup,
 * migration). The writer buffers at most one block, so memory stays bounded however long the
 * run; each block carries its length, record count and a CRC32C. docs/trace-format.md describes
 * the bytes.
 *
 * <p>{@link org.locksim.trace.TraceFile} opens a trace, verifies it and answers range queries by
 * row, plus level-of-detail summaries ({@code t0, t1, ps-per-pixel}) so a view asks only for what
 * it can draw, as Trace Compass and chart-fx do. A truncated or corrupt file is reported with how
 * much could be read, and its intact prefix can be opened with
 * {@link org.locksim.trace.Recovery#PREFIX}.
 *
 * <p>This package sits at the bottom of the layering: it imports nothing else of locksim and no
 * library but the JDK. Time is a {@code long} in picoseconds throughout.
 */
package org.locksim.trace;
