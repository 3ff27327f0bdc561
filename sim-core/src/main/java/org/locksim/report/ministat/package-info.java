/**
 * A re-implementation of FreeBSD's {@code ministat(1)} (Poul-Henning Kamp,
 * {@code usr.bin/ministat/ministat.c}): summary statistics of repeated runs, an ASCII plot of
 * their distributions, and Student's t test of the difference of each data set's mean from the
 * first one's, with the pooled standard deviation.
 *
 * <p>{@link org.locksim.report.ministat.Ministat} computes ({@link
 * org.locksim.report.ministat.MinistatResult}), {@link org.locksim.report.ministat.MinistatFormat}
 * prints in ministat's layout. The arithmetic and the layout follow ministat; the few
 * deliberate differences (the plot keeps every data set's tallest stack; any confidence level
 * is accepted; variance is computed in two passes) are documented on the classes.
 */
package org.locksim.report.ministat;
