/**
 * The locksim desktop app: open a scenario (its variants run with the timeline recorded) or a
 * trace file, select an interval and read its statistics, search, replay the timeline event by
 * event, and compare two variants or two traces on one shared time axis; or render the window
 * to a PNG with no display ({@code --snapshot}). {@link org.locksim.ui.Launcher} starts it from
 * a plain classpath or the shaded jar.
 */
package org.locksim.ui;
