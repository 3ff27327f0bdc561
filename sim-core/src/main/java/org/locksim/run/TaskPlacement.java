package org.locksim.run;

import org.locksim.sched.CpuMask;

/**
 * Where one task of a run was allowed to run and where it ran, over the whole run (warm-up
 * included): what {@code taskset -p} and the {@code cpus} of {@code /proc/PID/status} would
 * show, and the task's migrations.
 *
 * @param name the task's name
 * @param allowed the CPUs it may run on, or null for every CPU
 * @param ranOn the CPUs it ran on
 * @param migrations its moves between CPUs
 */
public record TaskPlacement(String name, CpuMask allowed, CpuMask ranOn, long migrations) { }
