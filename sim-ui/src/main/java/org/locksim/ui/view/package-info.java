/**
 * The JavaFX side of the timeline: {@link org.locksim.ui.view.TimelineView} draws a trace's
 * lanes on a canvas at the viewport's resolution, asking the trace only for level-of-detail
 * summaries of what is visible, as Trace Compass and chart-fx do; {@link
 * org.locksim.ui.view.Palette} holds the colours of every state and the legend.
 */
package org.locksim.ui.view;
