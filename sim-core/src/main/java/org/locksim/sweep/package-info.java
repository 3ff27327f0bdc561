/**
 * Parameter sweeps: a scenario run over every combination of values of some of its fields.
 * {@link org.locksim.sweep.Axis} is one field and its values, {@link org.locksim.sweep.SweepGrid}
 * expands the axes into loaded, checked scenarios (a bad value is reported before anything
 * runs), {@link org.locksim.sweep.SweepRunner} runs them on every core in a fixed order, so the
 * results are the same whatever the number of workers, and {@link org.locksim.sweep.SweepTable}
 * prints them and writes them as CSV. {@link org.locksim.sweep.SweepJournal} keeps each finished
 * run on the disk as it ends, under the {@link org.locksim.sweep.JournalIdentity} of its sweep,
 * so that a killed sweep resumes where it stopped. What a run measures is the caller's: nothing
 * here knows how a scenario is simulated.
 */
package org.locksim.sweep;
