/**
 * What a timeline view shows, without JavaFX: the visible time window and its mapping to pixels
 * ({@link org.locksim.ui.timeline.Viewport}), the time axis's ticks
 * ({@link org.locksim.ui.timeline.TimeTicks}), the order and height of the rows and counter
 * tracks ({@link org.locksim.ui.timeline.RowLayout}), the counters reduced to pixel columns
 * ({@link org.locksim.ui.timeline.CounterStore}), the selection and replay cursor shared by the
 * views of a window ({@link org.locksim.ui.timeline.Marks}) and the words for what is under the
 * pointer ({@link org.locksim.ui.timeline.Describer}). The view in {@code org.locksim.ui.view}
 * only draws what these compute, so all of it is tested without a display.
 */
package org.locksim.ui.timeline;
