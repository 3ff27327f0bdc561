/**
 * The desktop app's frame cost: one redraw of the timeline at 1, 10 and 100 million trace
 * records, for the whole run and zoomed in.
 */
package org.locksim.bench.frame;
