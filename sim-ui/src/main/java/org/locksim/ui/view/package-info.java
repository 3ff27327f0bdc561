/**
 * The JavaFX side of the timeline: {@link org.locksim.ui.view.TimelineView} draws a trace's
 * lanes on a canvas at the viewport's resolution, asking the trace only for level-of-detail
 * summaries of what is visible, as Trace Compass and chart-fx do. Painters draw one layer each
 * (lanes with their labels, counter tracks, arrows, the frame around them, and on an overlay
 * the marks: selection, cursor, pointer); {@link org.locksim.ui.view.SelectionDrag} turns drags
 * on the axis into selections; {@link org.locksim.ui.view.Palette} holds the colours of every
 * state and {@link org.locksim.ui.view.Legend} their key.
 */
package org.locksim.ui.view;
