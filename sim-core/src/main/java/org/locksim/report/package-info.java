/**
 * Report writers: text in the formats kernel and benchmark people already read.
 *
 * <p>Each sub-package renders one format: {@link org.locksim.report.ministat} the
 * FreeBSD {@code ministat(1)} comparison of repeated runs, {@link org.locksim.report.lockstat}
 * the Linux {@code /proc/lock_stat} table, {@link org.locksim.report.folded} Brendan Gregg's
 * folded stacks for flame graphs. This package holds what they share: {@link
 * org.locksim.report.CFormat}, C's {@code printf} number conversions, so that a table prints
 * byte for byte what the C tool would print.
 *
 * <p>Report writers sit near the bottom of sim-core: they read {@link org.locksim.metrics} and
 * import no other locksim package; they are the only code besides {@code scenario} that may use
 * Jackson.
 */
package org.locksim.report;
