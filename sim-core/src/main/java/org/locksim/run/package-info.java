/**
 * The one entry point that assembles a loaded scenario into machine, kernel, locks and
 * workload, runs it with a seed and returns its results. The command line, the desktop app and
 * sweeps all call {@link org.locksim.run.Simulator}.
 */
package org.locksim.run;
