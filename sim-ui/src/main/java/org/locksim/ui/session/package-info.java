/**
 * What the app has open and how it got it: a trace file read from disk, or a scenario variant
 * run through {@link org.locksim.run.Simulator} with its timeline recorded to a temporary trace.
 * Nothing here touches JavaFX; the app calls it from a background thread.
 */
package org.locksim.ui.session;
