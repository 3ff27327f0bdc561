/**
 * The one entry point that assembles a loaded scenario into machine, kernel, locks and
 * workload, runs it with a seed and returns its results. The command line, the desktop app and
 * sweeps all call {@link org.locksim.run.Simulator}; a {@link org.locksim.run.RunListener}
 * hears a whole run (its start, every kernel and lock report, its end) for traces and profiles
 * ({@code org.locksim.run.record}).
 */
package org.locksim.run;
