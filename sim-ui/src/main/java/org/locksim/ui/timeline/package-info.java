/**
 * What a timeline view shows, without JavaFX: the visible time window and its mapping to pixels
 * ({@link org.locksim.ui.timeline.Viewport}), the time axis's ticks
 * ({@link org.locksim.ui.timeline.TimeTicks}), the order and height of the rows
 * ({@link org.locksim.ui.timeline.RowLayout}) and the words for what is under the pointer
 * ({@link org.locksim.ui.timeline.Describer}). The view in {@code org.locksim.ui.view} only
 * draws what these compute, so all of it is tested without a display.
 */
package org.locksim.ui.timeline;
