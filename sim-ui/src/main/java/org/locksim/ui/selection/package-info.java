/**
 * What happened in a selected interval of a trace, as Perfetto's area selection reports it:
 * {@link org.locksim.ui.selection.Selection} names the interval and the lanes,
 * {@link org.locksim.ui.selection.IntervalStats} reads the trace once and measures time per
 * state per CPU, acquisitions, contentions and hold and wait percentiles per lock, and
 * runnable, blocked time and migrations per task; {@link org.locksim.ui.selection.StatsText}
 * writes them as the text the panel shows and copies. Nothing here touches JavaFX.
 */
package org.locksim.ui.selection;
