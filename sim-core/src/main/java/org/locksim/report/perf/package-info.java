/**
 * The {@code perf stat}-style summary of one scenario over its repeats, as text and as JSON.
 */
package org.locksim.report.perf;
