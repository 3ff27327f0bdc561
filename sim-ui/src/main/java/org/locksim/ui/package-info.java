/**
 * The locksim desktop app: open a scenario (its variants run with the timeline recorded) or a
 * trace file, replay the timeline, and compare two variants on one shared time axis.
 * {@link org.locksim.ui.Launcher} starts it from a plain classpath or the shaded jar.
 */
package org.locksim.ui;
